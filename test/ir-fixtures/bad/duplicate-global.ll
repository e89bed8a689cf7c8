; ERROR: 3:1: redefinition of '@g'
@g = global i32 0
@g = global i32 1
