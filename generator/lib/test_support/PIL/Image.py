"""PIL.Image for `exocc test`: open a PNG, turn it into a numpy array and back, save it.

PNG files are read and written by a helper program built against libpng (Debian's
libpng-dev) the first time one is needed; the samples pass through a file, a byte each.
Modes are those of 8-bit PNG: L, LA, RGB, RGBA.
"""
import _host
from numpy import _native
from numpy._core import ndarray, uint8

_MODES = {1: "L", 2: "LA", 3: "RGB", 4: "RGBA"}
_CHANNELS = {mode: n for n, mode in _MODES.items()}

# png_tool DATA read PATH: writes the samples to file DATA, a byte each, and prints
#   "width height channels".
# png_tool DATA write PATH WIDTH HEIGHT CHANNELS: writes PATH from the samples in DATA.
_PNG_TOOL = r"""
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const int formats[] = {0, PNG_FORMAT_GRAY, PNG_FORMAT_GA, PNG_FORMAT_RGB, PNG_FORMAT_RGBA};
int main(int argc, char **argv) {
    if (argc < 4) return 2;
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    if (strcmp(argv[2], "read") == 0) {
        if (!png_image_begin_read_from_file(&img, argv[3])) { fprintf(stderr, "%s\n", img.message); return 1; }
        int channels = PNG_IMAGE_SAMPLE_CHANNELS(img.format);
        img.format = formats[channels];
        size_t n = (size_t)img.width * img.height * channels;
        unsigned char *px = malloc(n ? n : 1);
        if (!png_image_finish_read(&img, NULL, px, 0, NULL)) { fprintf(stderr, "%s\n", img.message); return 1; }
        FILE *out = fopen(argv[1], "wb");
        if (!out || fwrite(px, 1, n, out) != n || fclose(out) != 0) { fprintf(stderr, "cannot write %s\n", argv[1]); return 1; }
        printf("%u %u %d\n", img.width, img.height, channels);
        return 0;
    }
    if (argc != 7) return 2;
    unsigned w = (unsigned)strtoul(argv[4], NULL, 10), h = (unsigned)strtoul(argv[5], NULL, 10);
    int channels = atoi(argv[6]);
    if (channels < 1 || channels > 4) return 2;
    size_t n = (size_t)w * h * channels;
    unsigned char *px = malloc(n ? n : 1);
    FILE *in = fopen(argv[1], "rb");
    if (!in || fread(px, 1, n, in) != n) { fprintf(stderr, "cannot read %s\n", argv[1]); return 1; }
    img.width = w;
    img.height = h;
    img.format = formats[channels];
    if (!png_image_write_to_file(&img, argv[3], 0, px, 0, NULL)) { fprintf(stderr, "%s\n", img.message); return 1; }
    return 0;
}
"""


def _tool():
    try:
        return _native.helper("png_tool", _PNG_TOOL, ["-lpng"])
    except RuntimeError as e:
        raise NotImplementedError(f"PIL.Image needs libpng (Debian's libpng-dev) to read "
                                  f"and write PNG files:\n{e}")


class Image:
    """An 8-bit image: its mode, size (width, height) and samples, row-major."""

    def __init__(self, mode, size, samples):
        self.mode = mode
        self.size = size
        self._samples = samples

    @property
    def width(self):
        return self.size[0]

    @property
    def height(self):
        return self.size[1]

    def __array__(self):
        w, h = self.size
        channels = _CHANNELS[self.mode]
        shape = (h, w) if channels == 1 else (h, w, channels)
        return ndarray(shape, uint8, list(self._samples))

    def save(self, path, format=None):
        w, h = self.size
        tool = _tool()
        _native.write_numbers(tool + ".data", self._samples, 'u8')
        _native.run_helper(tool, [tool + ".data", "write", str(path), str(w), str(h),
                                  str(_CHANNELS[self.mode])])


def open(path, mode="r"):
    tool = _tool()
    w, h, channels = map(int, _native.run_helper(tool, [tool + ".data", "read", str(path)]).split())
    return Image(_MODES[channels], (w, h), _host.read_numbers(tool + ".data", 'u8'))


def fromarray(array, mode=None):
    if array.dtype != uint8:
        raise TypeError(f"Cannot handle this data type: {array.dtype}")
    if array.ndim == 2:
        channels = 1
    elif array.ndim == 3 and array.shape[2] in _MODES:
        channels = array.shape[2]
    else:
        raise TypeError(f"Cannot handle this data type: shape {array.shape}")
    return Image(mode or _MODES[channels], (array.shape[1], array.shape[0]), array._flat())


def __getattr__(name):
    if name.startswith('_'):
        raise AttributeError(name)
    raise NotImplementedError(f"PIL.Image.{name}: not in exocc's PIL subset")
