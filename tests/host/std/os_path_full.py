# os and os.path (posixpath) behaviour on fixed inputs.
import os
import os.path
from os import path

cases = ['', '/', '//', '///', 'a', '/a', 'a/', 'a/b', '/a/b/', 'a//b', './a', '../a', 'a/./b', 'a/../b',
         '/a/b/../../..', '//a/b', '///a/b', '.hidden', '/x/.bashrc', 'a.b.c', 'a.tar.gz', '/a.b/c', 'a/b.',
         '..', '.', '...', 'a/..', '/..', 'x/y/', 'a/b/c.txt']
for p in cases:
    print(repr(p), path.split(p), repr(path.basename(p)), repr(path.dirname(p)), path.splitext(p),
          repr(path.normpath(p)), path.isabs(p), path.splitdrive(p))
print(path.join('a'), path.join('a', 'b', 'c'), path.join('/a', '/b', 'c'), path.join('a/', 'b/', 'c'),
      path.join('', 'x'), path.join('a', ''), path.join('a', '', 'b'), path.join('/', 'x'))
print(path.commonprefix(['/usr/lib', '/usr/local', '/usr/l']), repr(path.commonprefix([])), path.commonprefix(['abc']),
      path.commonprefix([['a', 'b'], ['a', 'c']]))
print(path.commonpath(['/usr/lib', '/usr/local/bin']), path.commonpath(['a/b', 'a/c']), path.commonpath(['a/./b', 'a/b/c']))
for bad in [[], ['/a', 'b']]:
    try:
        path.commonpath(bad)
    except ValueError as e:
        print('ValueError:', e)
print(path.relpath('/a/b/c', '/a/d'), path.relpath('/a', '/a'), path.relpath('/a/b', '/'), path.relpath('/', '/a/b'))
print(path.abspath('/x/../y/./z'), path.abspath('/') , path.normcase('AbC'), path.isabs(path.abspath('rel')))
print(path.abspath('rel') == path.join(os.getcwd(), 'rel'), path.relpath(path.abspath('q/r')), path.realpath('/a/./b'))
print(path.exists('/'), path.isdir('/'), path.isfile('/'), path.exists('os_path_full.py'), path.isfile('os_path_full.py'),
      path.isdir('os_path_full.py'), path.exists('no/such/file.zz'), path.isdir('.'), path.exists(''))
print(os.sep, os.pathsep, os.curdir, os.pardir, os.extsep, repr(os.linesep), os.path.sep, os.name, os.altsep, os.devnull)
print(os.fspath('p'), path is os.path)
for bad in [lambda: path.join(1), lambda: path.join('a', 1), lambda: path.basename(None), lambda: path.relpath(''),
            lambda: os.fspath(3), lambda: path.splitext(5)]:
    try:
        bad()
    except (TypeError, ValueError, AttributeError) as e:
        print(type(e).__name__ + ':', e)


class PL:
    def __fspath__(self):
        return '/from/fspath'


print(path.basename(PL()), os.fspath(PL()), path.join(PL(), 'x'))
