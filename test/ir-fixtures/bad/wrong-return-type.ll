; ERROR: 3:7: value doesn't match function result type 'i32'
define i32 @f() {
  ret i64 0
}
