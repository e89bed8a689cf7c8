; ModuleID = 'mixed.c'
source_filename = "mixed.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i8, i64, %struct.S* }
%struct.__va_list_tag = type { i32, i32, i8*, i8* }
%struct.B = type { i32 }
%union.U = type { i32 }

@arr = dso_local global [10 x i32] [i32 1, i32 2, i32 3, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0], align 16, !dbg !0
@gs = dso_local global %struct.S { i32 1, i8 120, i64 3, %struct.S* @gs }, align 8, !dbg !8
@addr = dso_local global i64 ptrtoint (i8* getelementptr (i8, i8* bitcast ([10 x i32]* @arr to i8*), i64 12) to i64), align 8, !dbg !19
@pa = dso_local global i32* bitcast (i8* getelementptr (i8, i8* bitcast ([10 x i32]* @arr to i8*), i64 12) to i32*), align 8, !dbg !21
@fps = dso_local global [2 x i32 (i32)*] [i32 (i32)* @sq, i32 (i32)* null], align 16, !dbg !24
@__const.main.b = private unnamed_addr constant { i8, i8, i8, i8 } { i8 17, i8 3, i8 0, i8 0 }, align 4
@.str = private unnamed_addr constant [4 x i8] c"%d\0A\00", align 1
@main.lbl = internal global [2 x i8*] [i8* blockaddress(@main, %85), i8* blockaddress(@main, %63)], align 16, !dbg !33
@.str.1 = private unnamed_addr constant [13 x i8] c"%s %d %f %d\0A\00", align 1
@names = internal global [3 x i8*] [i8* getelementptr inbounds ([2 x i8], [2 x i8]* @.str.2, i32 0, i32 0), i8* getelementptr inbounds ([3 x i8], [3 x i8]* @.str.3, i32 0, i32 0), i8* getelementptr inbounds ([4 x i8], [4 x i8]* @.str.4, i32 0, i32 0)], align 16, !dbg !43
@.str.2 = private unnamed_addr constant [2 x i8] c"a\00", align 1
@.str.3 = private unnamed_addr constant [3 x i8] c"bb\00", align 1
@.str.4 = private unnamed_addr constant [4 x i8] c"ccc\00", align 1

; Function Attrs: noinline nounwind optnone uwtable
define internal i32 @sq(i32 noundef %0) #0 !dbg !61 {
  %2 = alloca i32, align 4
  store i32 %0, i32* %2, align 4
  call void @llvm.dbg.declare(metadata i32* %2, metadata !62, metadata !DIExpression()), !dbg !63
  %3 = load i32, i32* %2, align 4, !dbg !64
  %4 = load i32, i32* %2, align 4, !dbg !65
  %5 = mul nsw i32 %3, %4, !dbg !66
  ret i32 %5, !dbg !67
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @sum(i32 noundef %0, ...) #0 !dbg !68 {
  %2 = alloca i32, align 4
  %3 = alloca [1 x %struct.__va_list_tag], align 16
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  store i32 %0, i32* %2, align 4
  call void @llvm.dbg.declare(metadata i32* %2, metadata !71, metadata !DIExpression()), !dbg !72
  call void @llvm.dbg.declare(metadata [1 x %struct.__va_list_tag]* %3, metadata !73, metadata !DIExpression()), !dbg !90
  %6 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %3, i64 0, i64 0, !dbg !91
  %7 = bitcast %struct.__va_list_tag* %6 to i8*, !dbg !91
  call void @llvm.va_start(i8* %7), !dbg !91
  call void @llvm.dbg.declare(metadata i32* %4, metadata !92, metadata !DIExpression()), !dbg !93
  store i32 0, i32* %4, align 4, !dbg !93
  call void @llvm.dbg.declare(metadata i32* %5, metadata !94, metadata !DIExpression()), !dbg !96
  store i32 0, i32* %5, align 4, !dbg !96
  br label %8, !dbg !97

8:                                                ; preds = %33, %1
  %9 = load i32, i32* %5, align 4, !dbg !98
  %10 = load i32, i32* %2, align 4, !dbg !100
  %11 = icmp slt i32 %9, %10, !dbg !101
  br i1 %11, label %12, label %36, !dbg !102

12:                                               ; preds = %8
  %13 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %3, i64 0, i64 0, !dbg !103
  %14 = getelementptr inbounds %struct.__va_list_tag, %struct.__va_list_tag* %13, i32 0, i32 0, !dbg !103
  %15 = load i32, i32* %14, align 16, !dbg !103
  %16 = icmp ule i32 %15, 40, !dbg !103
  br i1 %16, label %17, label %23, !dbg !103

17:                                               ; preds = %12
  %18 = getelementptr inbounds %struct.__va_list_tag, %struct.__va_list_tag* %13, i32 0, i32 3, !dbg !103
  %19 = load i8*, i8** %18, align 16, !dbg !103
  %20 = getelementptr i8, i8* %19, i32 %15, !dbg !103
  %21 = bitcast i8* %20 to i32*, !dbg !103
  %22 = add i32 %15, 8, !dbg !103
  store i32 %22, i32* %14, align 16, !dbg !103
  br label %28, !dbg !103

23:                                               ; preds = %12
  %24 = getelementptr inbounds %struct.__va_list_tag, %struct.__va_list_tag* %13, i32 0, i32 2, !dbg !103
  %25 = load i8*, i8** %24, align 8, !dbg !103
  %26 = bitcast i8* %25 to i32*, !dbg !103
  %27 = getelementptr i8, i8* %25, i32 8, !dbg !103
  store i8* %27, i8** %24, align 8, !dbg !103
  br label %28, !dbg !103

28:                                               ; preds = %23, %17
  %29 = phi i32* [ %21, %17 ], [ %26, %23 ], !dbg !103
  %30 = load i32, i32* %29, align 4, !dbg !103
  %31 = load i32, i32* %4, align 4, !dbg !104
  %32 = add nsw i32 %31, %30, !dbg !104
  store i32 %32, i32* %4, align 4, !dbg !104
  br label %33, !dbg !105

33:                                               ; preds = %28
  %34 = load i32, i32* %5, align 4, !dbg !106
  %35 = add nsw i32 %34, 1, !dbg !106
  store i32 %35, i32* %5, align 4, !dbg !106
  br label %8, !dbg !107, !llvm.loop !108

36:                                               ; preds = %8
  %37 = getelementptr inbounds [1 x %struct.__va_list_tag], [1 x %struct.__va_list_tag]* %3, i64 0, i64 0, !dbg !111
  %38 = bitcast %struct.__va_list_tag* %37 to i8*, !dbg !111
  call void @llvm.va_end(i8* %38), !dbg !111
  %39 = load i32, i32* %4, align 4, !dbg !112
  ret i32 %39, !dbg !113
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

; Function Attrs: nofree nosync nounwind willreturn
declare void @llvm.va_start(i8*) #2

; Function Attrs: nofree nosync nounwind willreturn
declare void @llvm.va_end(i8*) #2

; Function Attrs: noinline nounwind optnone uwtable
define dso_local double @f(double noundef %0, float noundef %1) #0 !dbg !114 {
  %3 = alloca double, align 8
  %4 = alloca float, align 4
  store double %0, double* %3, align 8
  call void @llvm.dbg.declare(metadata double* %3, metadata !119, metadata !DIExpression()), !dbg !120
  store float %1, float* %4, align 4
  call void @llvm.dbg.declare(metadata float* %4, metadata !121, metadata !DIExpression()), !dbg !122
  %5 = load double, double* %3, align 8, !dbg !123
  %6 = load float, float* %4, align 4, !dbg !124
  %7 = fpext float %6 to double, !dbg !124
  %8 = call double @llvm.fmuladd.f64(double %5, double %7, double 1.500000e+00), !dbg !125
  ret double %8, !dbg !126
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare double @llvm.fmuladd.f64(double, double, double) #1

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @main(i32 noundef %0, i8** noundef %1) #0 !dbg !35 {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i8**, align 8
  %6 = alloca %struct.S, align 8
  %7 = alloca %struct.B, align 4
  %8 = alloca %union.U, align 4
  %9 = alloca [32 x i8], align 16
  %10 = alloca i32, align 4
  %11 = alloca i64, align 8
  %12 = alloca i16, align 2
  store i32 0, i32* %3, align 4
  store i32 %0, i32* %4, align 4
  call void @llvm.dbg.declare(metadata i32* %4, metadata !127, metadata !DIExpression()), !dbg !128
  store i8** %1, i8*** %5, align 8
  call void @llvm.dbg.declare(metadata i8*** %5, metadata !129, metadata !DIExpression()), !dbg !130
  call void @llvm.dbg.declare(metadata %struct.S* %6, metadata !131, metadata !DIExpression()), !dbg !132
  %13 = bitcast %struct.S* %6 to i8*, !dbg !133
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 8 %13, i8* align 8 bitcast (%struct.S* @gs to i8*), i64 24, i1 false), !dbg !133
  call void @llvm.dbg.declare(metadata %struct.B* %7, metadata !134, metadata !DIExpression()), !dbg !140
  %14 = bitcast %struct.B* %7 to i8*, !dbg !140
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 4 %14, i8* align 4 getelementptr inbounds ({ i8, i8, i8, i8 }, { i8, i8, i8, i8 }* @__const.main.b, i32 0, i32 0), i64 4, i1 false), !dbg !140
  call void @llvm.dbg.declare(metadata %union.U* %8, metadata !141, metadata !DIExpression()), !dbg !146
  %15 = bitcast %union.U* %8 to float*, !dbg !147
  store float 1.000000e+00, float* %15, align 4, !dbg !148
  call void @llvm.dbg.declare(metadata [32 x i8]* %9, metadata !149, metadata !DIExpression()), !dbg !153
  %16 = getelementptr inbounds [32 x i8], [32 x i8]* %9, i64 0, i64 0, !dbg !154
  %17 = load i8**, i8*** %5, align 8, !dbg !155
  %18 = getelementptr inbounds i8*, i8** %17, i64 0, !dbg !155
  %19 = load i8*, i8** %18, align 8, !dbg !155
  %20 = call i8* @strcpy(i8* noundef %16, i8* noundef %19) #6, !dbg !156
  %21 = load i32, i32* %4, align 4, !dbg !157
  switch i32 %21, label %26 [
    i32 1, label %22
    i32 5, label %25
  ], !dbg !158

22:                                               ; preds = %2
  %23 = call i32 (i32, ...) @sum(i32 noundef 3, i32 noundef 1, i32 noundef 2, i32 noundef 3), !dbg !159
  %24 = call i32 (i8*, ...) @printf(i8* noundef getelementptr inbounds ([4 x i8], [4 x i8]* @.str, i64 0, i64 0), i32 noundef %23), !dbg !161
  br label %35, !dbg !162

25:                                               ; preds = %2
  br label %85, !dbg !163

26:                                               ; preds = %2
  %27 = bitcast %struct.B* %7 to i32*, !dbg !164
  %28 = load i32, i32* %27, align 4, !dbg !165
  %29 = and i32 %28, 7, !dbg !165
  %30 = add i32 %29, 1, !dbg !165
  %31 = load i32, i32* %27, align 4, !dbg !165
  %32 = and i32 %30, 7, !dbg !165
  %33 = and i32 %31, -8, !dbg !165
  %34 = or i32 %33, %32, !dbg !165
  store i32 %34, i32* %27, align 4, !dbg !165
  br label %35, !dbg !166

35:                                               ; preds = %26, %22
  call void @llvm.dbg.declare(metadata i32* %10, metadata !167, metadata !DIExpression()), !dbg !169
  store i32 0, i32* %10, align 4, !dbg !169
  br label %36, !dbg !170

36:                                               ; preds = %48, %35
  %37 = load i32, i32* %10, align 4, !dbg !171
  %38 = icmp slt i32 %37, 10, !dbg !173
  br i1 %38, label %39, label %51, !dbg !174

39:                                               ; preds = %36
  %40 = load i32, i32* %10, align 4, !dbg !175
  %41 = load i32, i32* %4, align 4, !dbg !176
  %42 = mul nsw i32 %40, %41, !dbg !177
  %43 = load i32, i32* %10, align 4, !dbg !178
  %44 = sext i32 %43 to i64, !dbg !179
  %45 = getelementptr inbounds [10 x i32], [10 x i32]* @arr, i64 0, i64 %44, !dbg !179
  %46 = load i32, i32* %45, align 4, !dbg !180
  %47 = add nsw i32 %46, %42, !dbg !180
  store i32 %47, i32* %45, align 4, !dbg !180
  br label %48, !dbg !179

48:                                               ; preds = %39
  %49 = load i32, i32* %10, align 4, !dbg !181
  %50 = add nsw i32 %49, 1, !dbg !181
  store i32 %50, i32* %10, align 4, !dbg !181
  br label %36, !dbg !182, !llvm.loop !183

51:                                               ; preds = %36
  call void @llvm.dbg.declare(metadata i64* %11, metadata !185, metadata !DIExpression()), !dbg !187
  %52 = load i32, i32* %4, align 4, !dbg !188
  %53 = sext i32 %52 to i64, !dbg !188
  store i64 %53, i64* %11, align 8, !dbg !187
  %54 = load i64, i64* %11, align 8, !dbg !189
  %55 = shl i64 %54, 40, !dbg !189
  store i64 %55, i64* %11, align 8, !dbg !189
  call void @llvm.dbg.declare(metadata i16* %12, metadata !190, metadata !DIExpression()), !dbg !191
  %56 = load i64, i64* %11, align 8, !dbg !192
  %57 = trunc i64 %56 to i16, !dbg !193
  store i16 %57, i16* %12, align 2, !dbg !191
  %58 = load i32, i32* %4, align 4, !dbg !194
  %59 = and i32 %58, 1, !dbg !195
  %60 = sext i32 %59 to i64, !dbg !196
  %61 = getelementptr inbounds [2 x i8*], [2 x i8*]* @main.lbl, i64 0, i64 %60, !dbg !196
  %62 = load i8*, i8** %61, align 8, !dbg !196
  br label %88, !dbg !197

63:                                               ; preds = %88
  call void @llvm.dbg.label(metadata !198), !dbg !199
  %64 = load i32, i32* %4, align 4, !dbg !200
  %65 = srem i32 %64, 3, !dbg !201
  %66 = sext i32 %65 to i64, !dbg !202
  %67 = getelementptr inbounds [3 x i8*], [3 x i8*]* @names, i64 0, i64 %66, !dbg !202
  %68 = load i8*, i8** %67, align 8, !dbg !202
  %69 = load i32 (i32)*, i32 (i32)** getelementptr inbounds ([2 x i32 (i32)*], [2 x i32 (i32)*]* @fps, i64 0, i64 0), align 16, !dbg !203
  %70 = load i32, i32* %4, align 4, !dbg !204
  %71 = call i32 %69(i32 noundef %70), !dbg !203
  %72 = load i32, i32* %4, align 4, !dbg !205
  %73 = sitofp i32 %72 to double, !dbg !205
  %74 = call double @f(double noundef %73, float noundef 2.000000e+00), !dbg !206
  %75 = load i16, i16* %12, align 2, !dbg !207
  %76 = sext i16 %75 to i32, !dbg !208
  %77 = bitcast %struct.B* %7 to i32*, !dbg !209
  %78 = load i32, i32* %77, align 4, !dbg !209
  %79 = and i32 %78, 7, !dbg !209
  %80 = add nsw i32 %76, %79, !dbg !210
  %81 = bitcast %union.U* %8 to i32*, !dbg !211
  %82 = load i32, i32* %81, align 4, !dbg !211
  %83 = add nsw i32 %80, %82, !dbg !212
  %84 = call i32 (i8*, ...) @printf(i8* noundef getelementptr inbounds ([13 x i8], [13 x i8]* @.str.1, i64 0, i64 0), i8* noundef %68, i32 noundef %71, double noundef %74, i32 noundef %83), !dbg !213
  br label %85, !dbg !213

85:                                               ; preds = %63, %88, %25
  call void @llvm.dbg.label(metadata !214), !dbg !215
  %86 = getelementptr inbounds %struct.S, %struct.S* %6, i32 0, i32 0, !dbg !216
  %87 = load i32, i32* %86, align 8, !dbg !216
  ret i32 %87, !dbg !217

88:                                               ; preds = %51
  %89 = phi i8* [ %62, %51 ]
  indirectbr i8* %89, [label %85, label %63]
}

; Function Attrs: argmemonly nofree nounwind willreturn
declare void @llvm.memcpy.p0i8.p0i8.i64(i8* noalias nocapture writeonly, i8* noalias nocapture readonly, i64, i1 immarg) #3

; Function Attrs: nounwind
declare i8* @strcpy(i8* noundef, i8* noundef) #4

declare i32 @printf(i8* noundef, ...) #5

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.label(metadata) #1

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #2 = { nofree nosync nounwind willreturn }
attributes #3 = { argmemonly nofree nounwind willreturn }
attributes #4 = { nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nounwind }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!53, !54, !55, !56, !57, !58, !59}
!llvm.ident = !{!60}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "arr", scope: !2, file: !3, line: 10, type: !50, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "Debian clang version 14.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !4, globals: !7, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "mixed.c", directory: ".", checksumkind: CSK_MD5, checksum: "6270f8c274eefeaae85641259788e6a8")
!4 = !{!5, !6}
!5 = !DIBasicType(name: "short", size: 16, encoding: DW_ATE_signed)
!6 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!7 = !{!0, !8, !19, !21, !24, !33, !43}
!8 = !DIGlobalVariableExpression(var: !9, expr: !DIExpression())
!9 = distinct !DIGlobalVariable(name: "gs", scope: !2, file: !3, line: 11, type: !10, isLocal: false, isDefinition: true)
!10 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "S", file: !3, line: 6, size: 192, elements: !11)
!11 = !{!12, !13, !15, !17}
!12 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !10, file: !3, line: 6, baseType: !6, size: 32)
!13 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !10, file: !3, line: 6, baseType: !14, size: 8, offset: 32)
!14 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!15 = !DIDerivedType(tag: DW_TAG_member, name: "c", scope: !10, file: !3, line: 6, baseType: !16, size: 64, offset: 64)
!16 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!17 = !DIDerivedType(tag: DW_TAG_member, name: "next", scope: !10, file: !3, line: 6, baseType: !18, size: 64, offset: 128)
!18 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !10, size: 64)
!19 = !DIGlobalVariableExpression(var: !20, expr: !DIExpression())
!20 = distinct !DIGlobalVariable(name: "addr", scope: !2, file: !3, line: 12, type: !16, isLocal: false, isDefinition: true)
!21 = !DIGlobalVariableExpression(var: !22, expr: !DIExpression())
!22 = distinct !DIGlobalVariable(name: "pa", scope: !2, file: !3, line: 13, type: !23, isLocal: false, isDefinition: true)
!23 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !6, size: 64)
!24 = !DIGlobalVariableExpression(var: !25, expr: !DIExpression())
!25 = distinct !DIGlobalVariable(name: "fps", scope: !2, file: !3, line: 16, type: !26, isLocal: false, isDefinition: true)
!26 = !DICompositeType(tag: DW_TAG_array_type, baseType: !27, size: 128, elements: !31)
!27 = !DIDerivedType(tag: DW_TAG_typedef, name: "fp", file: !3, line: 14, baseType: !28)
!28 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !29, size: 64)
!29 = !DISubroutineType(types: !30)
!30 = !{!6, !6}
!31 = !{!32}
!32 = !DISubrange(count: 2)
!33 = !DIGlobalVariableExpression(var: !34, expr: !DIExpression())
!34 = distinct !DIGlobalVariable(name: "lbl", scope: !35, file: !3, line: 25, type: !41, isLocal: true, isDefinition: true)
!35 = distinct !DISubprogram(name: "main", scope: !3, file: !3, line: 19, type: !36, scopeLine: 19, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !40)
!36 = !DISubroutineType(types: !37)
!37 = !{!6, !6, !38}
!38 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !39, size: 64)
!39 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64)
!40 = !{}
!41 = !DICompositeType(tag: DW_TAG_array_type, baseType: !42, size: 128, elements: !31)
!42 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!43 = !DIGlobalVariableExpression(var: !44, expr: !DIExpression())
!44 = distinct !DIGlobalVariable(name: "names", scope: !2, file: !3, line: 9, type: !45, isLocal: true, isDefinition: true)
!45 = !DICompositeType(tag: DW_TAG_array_type, baseType: !46, size: 192, elements: !48)
!46 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !47, size: 64)
!47 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !14)
!48 = !{!49}
!49 = !DISubrange(count: 3)
!50 = !DICompositeType(tag: DW_TAG_array_type, baseType: !6, size: 320, elements: !51)
!51 = !{!52}
!52 = !DISubrange(count: 10)
!53 = !{i32 7, !"Dwarf Version", i32 5}
!54 = !{i32 2, !"Debug Info Version", i32 3}
!55 = !{i32 1, !"wchar_size", i32 4}
!56 = !{i32 7, !"PIC Level", i32 2}
!57 = !{i32 7, !"PIE Level", i32 2}
!58 = !{i32 7, !"uwtable", i32 1}
!59 = !{i32 7, !"frame-pointer", i32 2}
!60 = !{!"Debian clang version 14.0.6"}
!61 = distinct !DISubprogram(name: "sq", scope: !3, file: !3, line: 15, type: !29, scopeLine: 15, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !2, retainedNodes: !40)
!62 = !DILocalVariable(name: "x", arg: 1, scope: !61, file: !3, line: 15, type: !6)
!63 = !DILocation(line: 15, column: 19, scope: !61)
!64 = !DILocation(line: 15, column: 31, scope: !61)
!65 = !DILocation(line: 15, column: 33, scope: !61)
!66 = !DILocation(line: 15, column: 32, scope: !61)
!67 = !DILocation(line: 15, column: 24, scope: !61)
!68 = distinct !DISubprogram(name: "sum", scope: !3, file: !3, line: 17, type: !69, scopeLine: 17, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !40)
!69 = !DISubroutineType(types: !70)
!70 = !{!6, !6, null}
!71 = !DILocalVariable(name: "n", arg: 1, scope: !68, file: !3, line: 17, type: !6)
!72 = !DILocation(line: 17, column: 13, scope: !68)
!73 = !DILocalVariable(name: "ap", scope: !68, file: !3, line: 17, type: !74)
!74 = !DIDerivedType(tag: DW_TAG_typedef, name: "va_list", file: !75, line: 52, baseType: !76)
!75 = !DIFile(filename: "/usr/include/stdio.h", directory: "", checksumkind: CSK_MD5, checksum: "b5a90985555f47bfb88eff5a8f0f5b72")
!76 = !DIDerivedType(tag: DW_TAG_typedef, name: "__gnuc_va_list", file: !77, line: 32, baseType: !78)
!77 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/stdarg.h", directory: "", checksumkind: CSK_MD5, checksum: "4de3cbd931b589d291e5c39387aecf82")
!78 = !DIDerivedType(tag: DW_TAG_typedef, name: "__builtin_va_list", file: !79, baseType: !80)
!79 = !DIFile(filename: "mixed.c", directory: ".")
!80 = !DICompositeType(tag: DW_TAG_array_type, baseType: !81, size: 192, elements: !88)
!81 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "__va_list_tag", size: 192, elements: !82)
!82 = !{!83, !85, !86, !87}
!83 = !DIDerivedType(tag: DW_TAG_member, name: "gp_offset", scope: !81, file: !79, line: 17, baseType: !84, size: 32)
!84 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!85 = !DIDerivedType(tag: DW_TAG_member, name: "fp_offset", scope: !81, file: !79, line: 17, baseType: !84, size: 32, offset: 32)
!86 = !DIDerivedType(tag: DW_TAG_member, name: "overflow_arg_area", scope: !81, file: !79, line: 17, baseType: !42, size: 64, offset: 64)
!87 = !DIDerivedType(tag: DW_TAG_member, name: "reg_save_area", scope: !81, file: !79, line: 17, baseType: !42, size: 64, offset: 128)
!88 = !{!89}
!89 = !DISubrange(count: 1)
!90 = !DILocation(line: 17, column: 31, scope: !68)
!91 = !DILocation(line: 17, column: 35, scope: !68)
!92 = !DILocalVariable(name: "s", scope: !68, file: !3, line: 17, type: !6)
!93 = !DILocation(line: 17, column: 55, scope: !68)
!94 = !DILocalVariable(name: "i", scope: !95, file: !3, line: 17, type: !6)
!95 = distinct !DILexicalBlock(scope: !68, file: !3, line: 17, column: 60)
!96 = !DILocation(line: 17, column: 68, scope: !95)
!97 = !DILocation(line: 17, column: 64, scope: !95)
!98 = !DILocation(line: 17, column: 72, scope: !99)
!99 = distinct !DILexicalBlock(scope: !95, file: !3, line: 17, column: 60)
!100 = !DILocation(line: 17, column: 74, scope: !99)
!101 = !DILocation(line: 17, column: 73, scope: !99)
!102 = !DILocation(line: 17, column: 60, scope: !95)
!103 = !DILocation(line: 17, column: 84, scope: !99)
!104 = !DILocation(line: 17, column: 82, scope: !99)
!105 = !DILocation(line: 17, column: 81, scope: !99)
!106 = !DILocation(line: 17, column: 77, scope: !99)
!107 = !DILocation(line: 17, column: 60, scope: !99)
!108 = distinct !{!108, !102, !109, !110}
!109 = !DILocation(line: 17, column: 84, scope: !95)
!110 = !{!"llvm.loop.mustprogress"}
!111 = !DILocation(line: 17, column: 100, scope: !68)
!112 = !DILocation(line: 17, column: 119, scope: !68)
!113 = !DILocation(line: 17, column: 112, scope: !68)
!114 = distinct !DISubprogram(name: "f", scope: !3, file: !3, line: 18, type: !115, scopeLine: 18, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !40)
!115 = !DISubroutineType(types: !116)
!116 = !{!117, !117, !118}
!117 = !DIBasicType(name: "double", size: 64, encoding: DW_ATE_float)
!118 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!119 = !DILocalVariable(name: "x", arg: 1, scope: !114, file: !3, line: 18, type: !117)
!120 = !DILocation(line: 18, column: 17, scope: !114)
!121 = !DILocalVariable(name: "y", arg: 2, scope: !114, file: !3, line: 18, type: !118)
!122 = !DILocation(line: 18, column: 26, scope: !114)
!123 = !DILocation(line: 18, column: 38, scope: !114)
!124 = !DILocation(line: 18, column: 40, scope: !114)
!125 = !DILocation(line: 18, column: 42, scope: !114)
!126 = !DILocation(line: 18, column: 31, scope: !114)
!127 = !DILocalVariable(name: "argc", arg: 1, scope: !35, file: !3, line: 19, type: !6)
!128 = !DILocation(line: 19, column: 14, scope: !35)
!129 = !DILocalVariable(name: "argv", arg: 2, scope: !35, file: !3, line: 19, type: !38)
!130 = !DILocation(line: 19, column: 27, scope: !35)
!131 = !DILocalVariable(name: "s", scope: !35, file: !3, line: 20, type: !10)
!132 = !DILocation(line: 20, column: 12, scope: !35)
!133 = !DILocation(line: 20, column: 16, scope: !35)
!134 = !DILocalVariable(name: "b", scope: !35, file: !3, line: 20, type: !135)
!135 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "B", file: !3, line: 8, size: 32, elements: !136)
!136 = !{!137, !138, !139}
!137 = !DIDerivedType(tag: DW_TAG_member, name: "x", scope: !135, file: !3, line: 8, baseType: !84, size: 3, flags: DIFlagBitField, extraData: i64 0)
!138 = !DIDerivedType(tag: DW_TAG_member, name: "y", scope: !135, file: !3, line: 8, baseType: !84, size: 5, offset: 3, flags: DIFlagBitField, extraData: i64 0)
!139 = !DIDerivedType(tag: DW_TAG_member, name: "z", scope: !135, file: !3, line: 8, baseType: !6, size: 20, offset: 8, flags: DIFlagBitField, extraData: i64 0)
!140 = !DILocation(line: 20, column: 29, scope: !35)
!141 = !DILocalVariable(name: "u", scope: !35, file: !3, line: 20, type: !142)
!142 = distinct !DICompositeType(tag: DW_TAG_union_type, name: "U", file: !3, line: 7, size: 32, elements: !143)
!143 = !{!144, !145}
!144 = !DIDerivedType(tag: DW_TAG_member, name: "i", scope: !142, file: !3, line: 7, baseType: !6, size: 32)
!145 = !DIDerivedType(tag: DW_TAG_member, name: "f", scope: !142, file: !3, line: 7, baseType: !118, size: 32)
!146 = !DILocation(line: 20, column: 50, scope: !35)
!147 = !DILocation(line: 20, column: 55, scope: !35)
!148 = !DILocation(line: 20, column: 57, scope: !35)
!149 = !DILocalVariable(name: "buf", scope: !35, file: !3, line: 21, type: !150)
!150 = !DICompositeType(tag: DW_TAG_array_type, baseType: !14, size: 256, elements: !151)
!151 = !{!152}
!152 = !DISubrange(count: 32)
!153 = !DILocation(line: 21, column: 8, scope: !35)
!154 = !DILocation(line: 21, column: 24, scope: !35)
!155 = !DILocation(line: 21, column: 29, scope: !35)
!156 = !DILocation(line: 21, column: 17, scope: !35)
!157 = !DILocation(line: 22, column: 11, scope: !35)
!158 = !DILocation(line: 22, column: 3, scope: !35)
!159 = !DILocation(line: 22, column: 42, scope: !160)
!160 = distinct !DILexicalBlock(scope: !35, file: !3, line: 22, column: 17)
!161 = !DILocation(line: 22, column: 27, scope: !160)
!162 = !DILocation(line: 22, column: 57, scope: !160)
!163 = !DILocation(line: 22, column: 72, scope: !160)
!164 = !DILocation(line: 22, column: 93, scope: !160)
!165 = !DILocation(line: 22, column: 94, scope: !160)
!166 = !DILocation(line: 22, column: 98, scope: !160)
!167 = !DILocalVariable(name: "i", scope: !168, file: !3, line: 23, type: !6)
!168 = distinct !DILexicalBlock(scope: !35, file: !3, line: 23, column: 3)
!169 = !DILocation(line: 23, column: 12, scope: !168)
!170 = !DILocation(line: 23, column: 8, scope: !168)
!171 = !DILocation(line: 23, column: 19, scope: !172)
!172 = distinct !DILexicalBlock(scope: !168, file: !3, line: 23, column: 3)
!173 = !DILocation(line: 23, column: 21, scope: !172)
!174 = !DILocation(line: 23, column: 3, scope: !168)
!175 = !DILocation(line: 23, column: 42, scope: !172)
!176 = !DILocation(line: 23, column: 46, scope: !172)
!177 = !DILocation(line: 23, column: 44, scope: !172)
!178 = !DILocation(line: 23, column: 36, scope: !172)
!179 = !DILocation(line: 23, column: 32, scope: !172)
!180 = !DILocation(line: 23, column: 39, scope: !172)
!181 = !DILocation(line: 23, column: 28, scope: !172)
!182 = !DILocation(line: 23, column: 3, scope: !172)
!183 = distinct !{!183, !174, !184, !110}
!184 = !DILocation(line: 23, column: 46, scope: !168)
!185 = !DILocalVariable(name: "big", scope: !35, file: !3, line: 24, type: !186)
!186 = !DIBasicType(name: "unsigned long long", size: 64, encoding: DW_ATE_unsigned)
!187 = !DILocation(line: 24, column: 22, scope: !35)
!188 = !DILocation(line: 24, column: 28, scope: !35)
!189 = !DILocation(line: 24, column: 38, scope: !35)
!190 = !DILocalVariable(name: "sh", scope: !35, file: !3, line: 24, type: !5)
!191 = !DILocation(line: 24, column: 52, scope: !35)
!192 = !DILocation(line: 24, column: 64, scope: !35)
!193 = !DILocation(line: 24, column: 57, scope: !35)
!194 = !DILocation(line: 26, column: 13, scope: !35)
!195 = !DILocation(line: 26, column: 18, scope: !35)
!196 = !DILocation(line: 26, column: 9, scope: !35)
!197 = !DILocation(line: 26, column: 3, scope: !35)
!198 = !DILabel(scope: !35, name: "l2", file: !3, line: 27)
!199 = !DILocation(line: 27, column: 1, scope: !35)
!200 = !DILocation(line: 27, column: 35, scope: !35)
!201 = !DILocation(line: 27, column: 39, scope: !35)
!202 = !DILocation(line: 27, column: 29, scope: !35)
!203 = !DILocation(line: 27, column: 44, scope: !35)
!204 = !DILocation(line: 27, column: 51, scope: !35)
!205 = !DILocation(line: 27, column: 60, scope: !35)
!206 = !DILocation(line: 27, column: 58, scope: !35)
!207 = !DILocation(line: 27, column: 78, scope: !35)
!208 = !DILocation(line: 27, column: 73, scope: !35)
!209 = !DILocation(line: 27, column: 85, scope: !35)
!210 = !DILocation(line: 27, column: 81, scope: !35)
!211 = !DILocation(line: 27, column: 91, scope: !35)
!212 = !DILocation(line: 27, column: 87, scope: !35)
!213 = !DILocation(line: 27, column: 5, scope: !35)
!214 = !DILabel(scope: !35, name: "end", file: !3, line: 28)
!215 = !DILocation(line: 28, column: 1, scope: !35)
!216 = !DILocation(line: 29, column: 12, scope: !35)
!217 = !DILocation(line: 29, column: 3, scope: !35)
