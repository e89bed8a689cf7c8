; ERROR: 3:24: invalid cast opcode for cast from 'i32' to 'i64'
define i64 @f(i32 %x) {
  %y = trunc i32 %x to i64
  ret i64 %y
}
