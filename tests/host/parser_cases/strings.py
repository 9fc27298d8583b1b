a = 'single' "double" '''triple''' """triple2"""
b = r'raw\n' R"raw\t"
bb = rb'raw bytes\x00' Br"x" bR'y'
c = b'bytes\x00\xff\n' B"more"
d = '\x41\u00e9\U0001F600\101\7\77\0'
e = 'unknown \q escape \d'
f = 'line\
continuation'
g = '''a
b\
c'''
h = u'unicode prefix' 'plain'
i = U'upper u'
j = '\a\b\f\n\r\t\v\\\'\"'
k = b'\a\b\f\n\r\t\v\\\'\"\777\x41\u1234'
l = ('implicit'
     'concat'
     "across lines")
m = 'é' "ü" '日本'
n = ''
o = b''
p = '\ud800 lone surrogate'
q = "it's" 'say "hi"' 'both \' and "'
