; ERROR: 2:19: floating point constant invalid for type
@f = global float 0.1
