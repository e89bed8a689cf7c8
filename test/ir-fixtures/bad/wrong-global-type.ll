; ERROR: 3:17: '@g' defined with type 'ptr' but expected 'i32'
@g = global i32 0
@h = global i32 @g
