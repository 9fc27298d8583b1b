# y += a * x over n blocks of 16 floats, written directly in the instructions of the
# target that `exocc build` names in the `target` param (docs/target-features.md):
# AVX-512, AVX2 (with FMA), Neon (a fused multiply-add too) or plain C. Built without a
# target, it is the AVX2 kernel.
from __future__ import annotations

from exo import proc
from exo.build import params
from exo.platforms.neon import *
from exo.platforms.x86 import *

TARGET = params.get("target", "avx2")

if TARGET == "avx512":
    @proc
    def saxpy(n: size, a: f32[1], x: f32[16 * n], y: f32[16 * n]):
        av: f32[16] @ AVX512
        mm512_set1_ps(av, a[0:1])
        for i in seq(0, n):
            xv: f32[16] @ AVX512
            mm512_loadu_ps(xv, x[16 * i:16 * i + 16])
            yv: f32[16] @ AVX512
            mm512_loadu_ps(yv, y[16 * i:16 * i + 16])
            mm512_fmadd_ps(av, xv, yv)
            mm512_storeu_ps(y[16 * i:16 * i + 16], yv)
elif TARGET == "avx2":
    @proc
    def saxpy(n: size, a: f32[1], x: f32[16 * n], y: f32[16 * n]):
        av: f32[8] @ AVX2
        mm256_broadcast_ss(av, a[0:1])
        for i in seq(0, 2 * n):
            xv: f32[8] @ AVX2
            mm256_loadu_ps(xv, x[8 * i:8 * i + 8])
            yv: f32[8] @ AVX2
            mm256_loadu_ps(yv, y[8 * i:8 * i + 8])
            mm256_fmadd_ps(yv, av, xv)
            mm256_storeu_ps(y[8 * i:8 * i + 8], yv)
elif TARGET == "neon":
    @proc
    def saxpy(n: size, a: f32[1], x: f32[16 * n], y: f32[16 * n]):
        av: f32[4] @ Neon
        neon_broadcast_4xf32(av, a[0:1])
        for i in seq(0, 4 * n):
            xv: f32[4] @ Neon
            neon_vld_4xf32(xv, x[4 * i:4 * i + 4])
            yv: f32[4] @ Neon
            neon_vld_4xf32(yv, y[4 * i:4 * i + 4])
            neon_vfmla_4xf32_4xf32(yv, xv, av, 0)
            neon_vst_4xf32(y[4 * i:4 * i + 4], yv)
else:
    @proc
    def saxpy(n: size, a: f32[1], x: f32[16 * n], y: f32[16 * n]):
        for i in seq(0, 16 * n):
            y[i] += a[0] * x[i]
