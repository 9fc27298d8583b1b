# Identifiers are NFKC-normalized (PEP 3131): compatibility characters, fullwidth and
# mathematical letters, ligatures and letter + combining mark all name the same
# variable as their normal form. Attribute and keyword names too; strings are not.
ﬁle = 1
print(file, ｆｉｌｅ, 𝐟𝐢𝐥𝐞)
café = "precomposed"
print(café)
ℌ = 5
print(H, ℌ)
Ⅸ = 9
print(IX)
ﾃｽﾄ = "half-width katakana"
print(テスト)
한 = "hangul"
print(한)


class Point:
    def __init__(self, ｘ, y):
        self.ｘ = ｘ
        self.y = y


p = Point(ｘ=3, y=4)
print(p.x, p.ｘ, vars(p), getattr(p, "x"), hasattr(p, "ｘ"))
def ﬀ(**kwargs):
    return sorted(kwargs)
print(ﬀ(ﬁrst=1, ｓｅｃｏｎｄ=2), ff.__name__)
print(sorted(k for k in globals() if not k.startswith("__")))
