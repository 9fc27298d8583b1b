VALUE = "namespace portion"
