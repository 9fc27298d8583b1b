if x:
    pass
    
