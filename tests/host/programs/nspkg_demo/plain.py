NAME = "plain module in a namespace package"
