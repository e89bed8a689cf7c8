; ERROR: 2:17: null must be a pointer type
@g = global i32 null
