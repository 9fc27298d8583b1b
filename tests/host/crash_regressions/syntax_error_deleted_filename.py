# An uncaught SyntaxError whose location attributes were deleted.
e = SyntaxError('m', ('f.py', 1, 2, 't'))
del e.filename
del e.text
raise e
