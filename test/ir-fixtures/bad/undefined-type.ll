; ERROR: 2:25: use of undefined type '%struct.T'
%struct.S = type { i32, %struct.T* }
@s = global %struct.S zeroinitializer
