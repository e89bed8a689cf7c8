; ERROR: 2:17: invalid number '12ab'
@a = global i32 12ab
