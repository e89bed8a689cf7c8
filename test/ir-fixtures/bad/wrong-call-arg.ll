; ERROR: 4:13: argument 1 has type 'i32' but the call's type expects 'ptr'
declare i32 @printf(ptr, ...)
define void @f() {
  %r = call i32 (ptr, ...) @printf(i32 1)
  ret void
}
