# A placeholder hardware library proving that exo.platforms.* resolves to hw/.
NAME = 'example_target'
