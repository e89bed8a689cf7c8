; ModuleID = 'vec.c'
source_filename = "vec.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.__jmp_buf_tag = type { [8 x i64], i32, %struct.__sigset_t }
%struct.__sigset_t = type { [16 x i64] }

@cnt = dso_local global i32 0, align 4, !dbg !0
@jb = dso_local global [1 x %struct.__jmp_buf_tag] zeroinitializer, align 16, !dbg !16

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i32 @sumv(ptr nocapture noundef readonly %0, i32 noundef %1) local_unnamed_addr #0 !dbg !54 {
    #dbg_value(ptr %0, !59, !DIExpression(), !64)
    #dbg_value(i32 %1, !60, !DIExpression(), !64)
    #dbg_value(i32 0, !61, !DIExpression(), !64)
    #dbg_value(i32 0, !62, !DIExpression(), !65)
  %3 = icmp sgt i32 %1, 0, !dbg !66
  br i1 %3, label %4, label %28, !dbg !68

4:                                                ; preds = %2
  %5 = zext nneg i32 %1 to i64, !dbg !66
  %6 = icmp ult i32 %1, 8, !dbg !68
  br i1 %6, label %7, label %10, !dbg !68

7:                                                ; preds = %24, %4
  %8 = phi i64 [ 0, %4 ], [ %11, %24 ]
  %9 = phi i32 [ 0, %4 ], [ %26, %24 ]
  br label %30, !dbg !68

10:                                               ; preds = %4
  %11 = and i64 %5, 2147483640, !dbg !68
  br label %12, !dbg !68

12:                                               ; preds = %12, %10
  %13 = phi i64 [ 0, %10 ], [ %22, %12 ], !dbg !69
  %14 = phi <4 x i32> [ zeroinitializer, %10 ], [ %20, %12 ]
  %15 = phi <4 x i32> [ zeroinitializer, %10 ], [ %21, %12 ]
  %16 = getelementptr inbounds i32, ptr %0, i64 %13, !dbg !70
  %17 = getelementptr inbounds i8, ptr %16, i64 16, !dbg !70
  %18 = load <4 x i32>, ptr %16, align 4, !dbg !70, !tbaa !71
  %19 = load <4 x i32>, ptr %17, align 4, !dbg !70, !tbaa !71
  %20 = add <4 x i32> %18, %14, !dbg !75
  %21 = add <4 x i32> %19, %15, !dbg !75
  %22 = add nuw i64 %13, 8, !dbg !69
  %23 = icmp eq i64 %22, %11, !dbg !69
  br i1 %23, label %24, label %12, !dbg !69, !llvm.loop !76

24:                                               ; preds = %12
  %25 = add <4 x i32> %21, %20, !dbg !68
  %26 = tail call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %25), !dbg !68
  %27 = icmp eq i64 %11, %5, !dbg !68
  br i1 %27, label %28, label %7, !dbg !68

28:                                               ; preds = %30, %24, %2
  %29 = phi i32 [ 0, %2 ], [ %26, %24 ], [ %35, %30 ], !dbg !81
  ret i32 %29, !dbg !82

30:                                               ; preds = %7, %30
  %31 = phi i64 [ %36, %30 ], [ %8, %7 ]
  %32 = phi i32 [ %35, %30 ], [ %9, %7 ]
    #dbg_value(i64 %31, !62, !DIExpression(), !65)
    #dbg_value(i32 %32, !61, !DIExpression(), !64)
  %33 = getelementptr inbounds i32, ptr %0, i64 %31, !dbg !70
  %34 = load i32, ptr %33, align 4, !dbg !70, !tbaa !71
  %35 = add nsw i32 %34, %32, !dbg !75
    #dbg_value(i32 %35, !61, !DIExpression(), !64)
  %36 = add nuw nsw i64 %31, 1, !dbg !69
    #dbg_value(i64 %36, !62, !DIExpression(), !65)
  %37 = icmp eq i64 %36, %5, !dbg !66
  br i1 %37, label %28, label %30, !dbg !68, !llvm.loop !83
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @scale(ptr nocapture noundef %0, float noundef %1, i32 noundef %2) local_unnamed_addr #1 !dbg !84 {
    #dbg_value(ptr %0, !90, !DIExpression(), !95)
    #dbg_value(float %1, !91, !DIExpression(), !95)
    #dbg_value(i32 %2, !92, !DIExpression(), !95)
    #dbg_value(i32 0, !93, !DIExpression(), !96)
  %4 = icmp sgt i32 %2, 0, !dbg !97
  br i1 %4, label %5, label %26, !dbg !99

5:                                                ; preds = %3
  %6 = zext nneg i32 %2 to i64, !dbg !97
  %7 = icmp ult i32 %2, 8, !dbg !99
  br i1 %7, label %8, label %10, !dbg !99

8:                                                ; preds = %24, %5
  %9 = phi i64 [ 0, %5 ], [ %11, %24 ]
  br label %27, !dbg !99

10:                                               ; preds = %5
  %11 = and i64 %6, 2147483640, !dbg !99
  %12 = insertelement <4 x float> poison, float %1, i64 0, !dbg !99
  %13 = shufflevector <4 x float> %12, <4 x float> poison, <4 x i32> zeroinitializer, !dbg !99
  br label %14, !dbg !99

14:                                               ; preds = %14, %10
  %15 = phi i64 [ 0, %10 ], [ %22, %14 ], !dbg !100
  %16 = getelementptr inbounds float, ptr %0, i64 %15, !dbg !101
  %17 = getelementptr inbounds i8, ptr %16, i64 16, !dbg !102
  %18 = load <4 x float>, ptr %16, align 4, !dbg !102, !tbaa !103
  %19 = load <4 x float>, ptr %17, align 4, !dbg !102, !tbaa !103
  %20 = fmul <4 x float> %18, %13, !dbg !102
  %21 = fmul <4 x float> %19, %13, !dbg !102
  store <4 x float> %20, ptr %16, align 4, !dbg !102, !tbaa !103
  store <4 x float> %21, ptr %17, align 4, !dbg !102, !tbaa !103
  %22 = add nuw i64 %15, 8, !dbg !100
  %23 = icmp eq i64 %22, %11, !dbg !100
  br i1 %23, label %24, label %14, !dbg !100, !llvm.loop !105

24:                                               ; preds = %14
  %25 = icmp eq i64 %11, %6, !dbg !99
  br i1 %25, label %26, label %8, !dbg !99

26:                                               ; preds = %27, %24, %3
  ret void, !dbg !107

27:                                               ; preds = %8, %27
  %28 = phi i64 [ %32, %27 ], [ %9, %8 ]
    #dbg_value(i64 %28, !93, !DIExpression(), !96)
  %29 = getelementptr inbounds float, ptr %0, i64 %28, !dbg !101
  %30 = load float, ptr %29, align 4, !dbg !102, !tbaa !103
  %31 = fmul float %30, %1, !dbg !102
  store float %31, ptr %29, align 4, !dbg !102, !tbaa !103
  %32 = add nuw nsw i64 %28, 1, !dbg !100
    #dbg_value(i64 %32, !93, !DIExpression(), !96)
  %33 = icmp eq i64 %32, %6, !dbg !97
  br i1 %33, label %26, label %27, !dbg !99, !llvm.loop !108
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local i64 @pc(i64 noundef %0) local_unnamed_addr #2 !dbg !109 {
    #dbg_value(i64 %0, !117, !DIExpression(), !118)
  %2 = tail call range(i64 0, 65) i64 @llvm.ctpop.i64(i64 %0), !dbg !119
  %3 = or i64 %0, 1, !dbg !120
  %4 = tail call range(i64 0, 64) i64 @llvm.ctlz.i64(i64 %3, i1 true), !dbg !121
  %5 = tail call i64 @llvm.bswap.i64(i64 %0), !dbg !122
  %6 = add i64 %5, %2, !dbg !123
  %7 = add i64 %6, %4, !dbg !124
  ret i64 %7, !dbg !125
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.ctpop.i64(i64) #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.ctlz.i64(i64, i1 immarg) #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.bswap.i64(i64) #3

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local noundef i32 @ov(i32 noundef %0, i32 noundef %1) local_unnamed_addr #2 !dbg !126 {
    #dbg_value(i32 %0, !130, !DIExpression(), !133)
    #dbg_value(i32 %1, !131, !DIExpression(), !133)
  %3 = tail call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %0, i32 %1), !dbg !134
  %4 = extractvalue { i32, i1 } %3, 1, !dbg !134
    #dbg_value(i32 poison, !132, !DIExpression(), !133)
  %5 = extractvalue { i32, i1 } %3, 0, !dbg !136
  %6 = select i1 %4, i32 -1, i32 %5, !dbg !136
  ret i32 %6, !dbg !137
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare { i32, i1 } @llvm.sadd.with.overflow.i32(i32, i32) #3

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable
define dso_local i32 @inc() local_unnamed_addr #4 !dbg !138 {
  %1 = atomicrmw add ptr @cnt, i32 1 seq_cst, align 4, !dbg !141
  %2 = load atomic i32, ptr @cnt acquire, align 4, !dbg !142
  %3 = add nsw i32 %2, %1, !dbg !143
  ret i32 %3, !dbg !144
}

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(argmem: readwrite) uwtable
define dso_local range(i32 0, 2) i32 @cas(ptr nocapture noundef %0) local_unnamed_addr #5 !dbg !145 {
    #dbg_value(ptr %0, !150, !DIExpression(), !152)
    #dbg_value(i32 0, !151, !DIExpression(), !152)
  %2 = cmpxchg ptr %0, i32 0, i32 1 seq_cst seq_cst, align 4, !dbg !153
  %3 = extractvalue { i32, i1 } %2, 1, !dbg !153
  %4 = zext i1 %3 to i32, !dbg !153
  ret i32 %4, !dbg !154
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local noundef x86_fp80 @ld(x86_fp80 noundef %0) local_unnamed_addr #2 !dbg !155 {
    #dbg_value(x86_fp80 %0, !160, !DIExpression(DW_OP_LLVM_fragment, 0, 80), !161)
  %2 = fmul x86_fp80 %0, 0xK4000A000000000000000, !dbg !162
  ret x86_fp80 %2, !dbg !163
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local { i64, i64 } @big(i64 noundef %0, i64 noundef %1) local_unnamed_addr #2 !dbg !164 {
  %3 = zext i64 %1 to i128
  %4 = shl nuw i128 %3, 64
  %5 = zext i64 %0 to i128
  %6 = or disjoint i128 %4, %5
    #dbg_value(i128 %6, !169, !DIExpression(), !170)
  %7 = mul nsw i128 %6, %6, !dbg !171
  %8 = trunc i128 %7 to i64, !dbg !172
  %9 = lshr i128 %7, 64, !dbg !172
  %10 = trunc nuw nsw i128 %9 to i64, !dbg !172
  %11 = insertvalue { i64, i64 } poison, i64 %8, 0, !dbg !172
  %12 = insertvalue { i64, i64 } %11, i64 %10, 1, !dbg !172
  ret { i64, i64 } %12, !dbg !172
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local noundef i32 @mx(i32 noundef %0, i32 noundef %1) local_unnamed_addr #2 !dbg !173 {
    #dbg_value(i32 %0, !175, !DIExpression(), !177)
    #dbg_value(i32 %1, !176, !DIExpression(), !177)
  %3 = tail call i32 @llvm.smax.i32(i32 %0, i32 %1), !dbg !178
  ret i32 %3, !dbg !179
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local zeroext i8 @minb(ptr nocapture noundef readonly %0, i32 noundef %1) local_unnamed_addr #0 !dbg !180 {
    #dbg_value(ptr %0, !186, !DIExpression(), !191)
    #dbg_value(i32 %1, !187, !DIExpression(), !191)
    #dbg_value(i8 -1, !188, !DIExpression(), !191)
    #dbg_value(i32 0, !189, !DIExpression(), !192)
  %3 = icmp sgt i32 %1, 0, !dbg !193
  br i1 %3, label %4, label %50, !dbg !195

4:                                                ; preds = %2
  %5 = zext nneg i32 %1 to i64, !dbg !193
  %6 = icmp ult i32 %1, 8, !dbg !195
  br i1 %6, label %30, label %7, !dbg !195

7:                                                ; preds = %4
  %8 = icmp ult i32 %1, 32, !dbg !195
  br i1 %8, label %33, label %9, !dbg !195

9:                                                ; preds = %7
  %10 = and i64 %5, 2147483616, !dbg !195
  br label %11, !dbg !195

11:                                               ; preds = %11, %9
  %12 = phi i64 [ 0, %9 ], [ %21, %11 ], !dbg !196
  %13 = phi <16 x i8> [ <i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1>, %9 ], [ %19, %11 ]
  %14 = phi <16 x i8> [ <i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1>, %9 ], [ %20, %11 ]
  %15 = getelementptr inbounds i8, ptr %0, i64 %12, !dbg !197
  %16 = getelementptr inbounds i8, ptr %15, i64 16, !dbg !197
  %17 = load <16 x i8>, ptr %15, align 1, !dbg !197, !tbaa !199
  %18 = load <16 x i8>, ptr %16, align 1, !dbg !197, !tbaa !199
  %19 = tail call <16 x i8> @llvm.umin.v16i8(<16 x i8> %17, <16 x i8> %13), !dbg !200
  %20 = tail call <16 x i8> @llvm.umin.v16i8(<16 x i8> %18, <16 x i8> %14), !dbg !200
  %21 = add nuw i64 %12, 32, !dbg !196
  %22 = icmp eq i64 %21, %10, !dbg !196
  br i1 %22, label %23, label %11, !dbg !196, !llvm.loop !201

23:                                               ; preds = %11
  %24 = tail call <16 x i8> @llvm.umin.v16i8(<16 x i8> %19, <16 x i8> %20), !dbg !195
  %25 = tail call i8 @llvm.vector.reduce.umin.v16i8(<16 x i8> %24), !dbg !195
  %26 = icmp eq i64 %10, %5, !dbg !195
  br i1 %26, label %50, label %27, !dbg !195

27:                                               ; preds = %23
  %28 = and i64 %5, 24, !dbg !195
  %29 = icmp eq i64 %28, 0, !dbg !195
  br i1 %29, label %30, label %33, !dbg !195

30:                                               ; preds = %47, %4, %27
  %31 = phi i64 [ 0, %4 ], [ %10, %27 ], [ %36, %47 ]
  %32 = phi i8 [ -1, %4 ], [ %25, %27 ], [ %48, %47 ]
  br label %52, !dbg !195

33:                                               ; preds = %7, %27
  %34 = phi i8 [ %25, %27 ], [ -1, %7 ]
  %35 = phi i64 [ %10, %27 ], [ 0, %7 ]
  %36 = and i64 %5, 2147483640, !dbg !195
  %37 = insertelement <8 x i8> poison, i8 %34, i64 0, !dbg !195
  %38 = shufflevector <8 x i8> %37, <8 x i8> poison, <8 x i32> zeroinitializer, !dbg !195
  br label %39, !dbg !195

39:                                               ; preds = %39, %33
  %40 = phi i64 [ %35, %33 ], [ %45, %39 ], !dbg !196
  %41 = phi <8 x i8> [ %38, %33 ], [ %44, %39 ]
  %42 = getelementptr inbounds i8, ptr %0, i64 %40, !dbg !197
  %43 = load <8 x i8>, ptr %42, align 1, !dbg !197, !tbaa !199
  %44 = tail call <8 x i8> @llvm.umin.v8i8(<8 x i8> %43, <8 x i8> %41), !dbg !200
  %45 = add nuw i64 %40, 8, !dbg !196
  %46 = icmp eq i64 %45, %36, !dbg !196
  br i1 %46, label %47, label %39, !dbg !196, !llvm.loop !203

47:                                               ; preds = %39
  %48 = tail call i8 @llvm.vector.reduce.umin.v8i8(<8 x i8> %44), !dbg !195
  %49 = icmp eq i64 %36, %5, !dbg !195
  br i1 %49, label %50, label %30, !dbg !195

50:                                               ; preds = %52, %23, %47, %2
  %51 = phi i8 [ -1, %2 ], [ %25, %23 ], [ %48, %47 ], [ %57, %52 ], !dbg !204
  ret i8 %51, !dbg !205

52:                                               ; preds = %30, %52
  %53 = phi i64 [ %58, %52 ], [ %31, %30 ]
  %54 = phi i8 [ %57, %52 ], [ %32, %30 ]
    #dbg_value(i64 %53, !189, !DIExpression(), !192)
    #dbg_value(i8 %54, !188, !DIExpression(), !191)
  %55 = getelementptr inbounds i8, ptr %0, i64 %53, !dbg !197
  %56 = load i8, ptr %55, align 1, !dbg !197, !tbaa !199
  %57 = tail call i8 @llvm.umin.i8(i8 %56, i8 %54), !dbg !200
    #dbg_value(i8 %57, !188, !DIExpression(), !191)
  %58 = add nuw nsw i64 %53, 1, !dbg !196
    #dbg_value(i64 %58, !189, !DIExpression(), !192)
  %59 = icmp eq i64 %58, %5, !dbg !193
  br i1 %59, label %50, label %52, !dbg !195, !llvm.loop !206
}

; Function Attrs: nofree norecurse nosync nounwind memory(none) uwtable
define dso_local i32 @vla(i32 noundef %0) local_unnamed_addr #6 !dbg !207 {
    #dbg_value(i32 %0, !211, !DIExpression(), !219)
  %2 = zext i32 %0 to i64, !dbg !220
  %3 = alloca i32, i64 %2, align 16, !dbg !220
    #dbg_value(i64 %2, !212, !DIExpression(), !219)
    #dbg_declare(ptr %3, !213, !DIExpression(), !221)
    #dbg_value(i32 0, !217, !DIExpression(), !222)
  %4 = icmp sgt i32 %0, 0, !dbg !223
  br i1 %4, label %5, label %27, !dbg !225

5:                                                ; preds = %1
  %6 = icmp ult i32 %0, 8, !dbg !225
  br i1 %6, label %7, label %9, !dbg !225

7:                                                ; preds = %20, %5
  %8 = phi i64 [ 0, %5 ], [ %10, %20 ]
  br label %29, !dbg !225

9:                                                ; preds = %5
  %10 = and i64 %2, 2147483640, !dbg !225
  br label %11, !dbg !225

11:                                               ; preds = %11, %9
  %12 = phi i64 [ 0, %9 ], [ %17, %11 ], !dbg !226
  %13 = phi <4 x i32> [ <i32 0, i32 1, i32 2, i32 3>, %9 ], [ %18, %11 ], !dbg !227
  %14 = add <4 x i32> %13, <i32 4, i32 4, i32 4, i32 4>, !dbg !227
  %15 = getelementptr inbounds i32, ptr %3, i64 %12, !dbg !228
  %16 = getelementptr inbounds i8, ptr %15, i64 16, !dbg !227
  store <4 x i32> %13, ptr %15, align 16, !dbg !227, !tbaa !71
  store <4 x i32> %14, ptr %16, align 16, !dbg !227, !tbaa !71
  %17 = add nuw i64 %12, 8, !dbg !226
  %18 = add <4 x i32> %13, <i32 8, i32 8, i32 8, i32 8>, !dbg !227
  %19 = icmp eq i64 %17, %10, !dbg !226
  br i1 %19, label %20, label %11, !dbg !226, !llvm.loop !229

20:                                               ; preds = %11
  %21 = icmp eq i64 %10, %2, !dbg !225
  br i1 %21, label %22, label %7, !dbg !225

22:                                               ; preds = %29, %20
  %23 = zext nneg i32 %0 to i64
  %24 = getelementptr i32, ptr %3, i64 %23
  %25 = getelementptr i8, ptr %24, i64 -4
  %26 = load i32, ptr %25, align 4, !dbg !231, !tbaa !71
  br label %27, !dbg !231

27:                                               ; preds = %1, %22
  %28 = phi i32 [ %26, %22 ], [ undef, %1 ], !dbg !231
  ret i32 %28, !dbg !232

29:                                               ; preds = %7, %29
  %30 = phi i64 [ %33, %29 ], [ %8, %7 ]
    #dbg_value(i64 %30, !217, !DIExpression(), !222)
  %31 = getelementptr inbounds i32, ptr %3, i64 %30, !dbg !228
  %32 = trunc nuw nsw i64 %30 to i32, !dbg !227
  store i32 %32, ptr %31, align 4, !dbg !227, !tbaa !71
  %33 = add nuw nsw i64 %30, 1, !dbg !226
    #dbg_value(i64 %33, !217, !DIExpression(), !222)
  %34 = icmp eq i64 %33, %2, !dbg !223
  br i1 %34, label %22, label %29, !dbg !225, !llvm.loop !233
}

; Function Attrs: mustprogress nofree norecurse nounwind willreturn uwtable
define dso_local void @fence() local_unnamed_addr #7 !dbg !234 {
  fence seq_cst, !dbg !237
  ret void, !dbg !238
}

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @chk(i32 noundef %0) local_unnamed_addr #8 !dbg !239 {
    #dbg_value(i32 %0, !241, !DIExpression(), !242)
  %2 = icmp eq i32 %0, 0, !dbg !243
  br i1 %2, label %4, label %3, !dbg !245

3:                                                ; preds = %1
  tail call void @die() #12, !dbg !246
  unreachable, !dbg !246

4:                                                ; preds = %1
  ret i32 2, !dbg !247
}

; Function Attrs: noreturn
declare !dbg !248 void @die() local_unnamed_addr #9

; Function Attrs: nounwind uwtable
define dso_local range(i32 0, 2) i32 @sj() local_unnamed_addr #8 !dbg !249 {
  %1 = call i32 @_setjmp(ptr noundef nonnull @jb) #13, !dbg !250
  %2 = icmp ne i32 %1, 0, !dbg !250
  %3 = zext i1 %2 to i32, !dbg !252
  ret i32 %3, !dbg !253
}

; Function Attrs: nounwind returns_twice
declare !dbg !254 i32 @_setjmp(ptr noundef) local_unnamed_addr #10

; Function Attrs: nounwind uwtable
define dso_local i32 @asmf(i32 noundef %0) local_unnamed_addr #8 !dbg !258 {
    #dbg_value(i32 %0, !260, !DIExpression(), !262)
  %2 = tail call i32 asm sideeffect "movl $1, $0", "=r,r,~{dirflag},~{fpsr},~{flags}"(i32 %0) #14, !dbg !263, !srcloc !264
    #dbg_value(i32 %2, !261, !DIExpression(), !262)
  ret i32 %2, !dbg !265
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #11

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i8 @llvm.umin.i8(i8, i8) #11

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>) #11

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <16 x i8> @llvm.umin.v16i8(<16 x i8>, <16 x i8>) #11

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i8 @llvm.vector.reduce.umin.v16i8(<16 x i8>) #11

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <8 x i8> @llvm.umin.v8i8(<8 x i8>, <8 x i8>) #11

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i8 @llvm.vector.reduce.umin.v8i8(<8 x i8>) #11

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #4 = { mustprogress nofree norecurse nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { mustprogress nofree norecurse nounwind willreturn memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nofree norecurse nosync nounwind memory(none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { mustprogress nofree norecurse nounwind willreturn uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #9 = { noreturn "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #10 = { nounwind returns_twice "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #11 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #12 = { noreturn nounwind }
attributes #13 = { nounwind returns_twice }
attributes #14 = { nounwind }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!46, !47, !48, !49, !50, !51, !52}
!llvm.ident = !{!53}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "cnt", scope: !2, file: !3, line: 9, type: !45, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C11, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !4, globals: !15, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "vec.c", directory: ".", checksumkind: CSK_MD5, checksum: "8c5f815516eb36eeadc083eba18d05d8")
!4 = !{!5}
!5 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "memory_order", file: !6, line: 68, baseType: !7, size: 32, elements: !8)
!6 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/stdatomic.h", directory: "", checksumkind: CSK_MD5, checksum: "f17199a988fe91afffaf0f943ef87096")
!7 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!8 = !{!9, !10, !11, !12, !13, !14}
!9 = !DIEnumerator(name: "memory_order_relaxed", value: 0)
!10 = !DIEnumerator(name: "memory_order_consume", value: 1)
!11 = !DIEnumerator(name: "memory_order_acquire", value: 2)
!12 = !DIEnumerator(name: "memory_order_release", value: 3)
!13 = !DIEnumerator(name: "memory_order_acq_rel", value: 4)
!14 = !DIEnumerator(name: "memory_order_seq_cst", value: 5)
!15 = !{!0, !16}
!16 = !DIGlobalVariableExpression(var: !17, expr: !DIExpression())
!17 = distinct !DIGlobalVariable(name: "jb", scope: !2, file: !3, line: 19, type: !18, isLocal: false, isDefinition: true)
!18 = !DIDerivedType(tag: DW_TAG_typedef, name: "jmp_buf", file: !19, line: 32, baseType: !20)
!19 = !DIFile(filename: "/usr/include/setjmp.h", directory: "", checksumkind: CSK_MD5, checksum: "cd7862ae7ed31595227c999638ae74e7")
!20 = !DICompositeType(tag: DW_TAG_array_type, baseType: !21, size: 1600, elements: !43)
!21 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "__jmp_buf_tag", file: !22, line: 26, size: 1600, elements: !23)
!22 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/bits/types/struct___jmp_buf_tag.h", directory: "", checksumkind: CSK_MD5, checksum: "56a90a97e853c2bec1d9e290be5e92e4")
!23 = !{!24, !31, !33}
!24 = !DIDerivedType(tag: DW_TAG_member, name: "__jmpbuf", scope: !21, file: !22, line: 32, baseType: !25, size: 512)
!25 = !DIDerivedType(tag: DW_TAG_typedef, name: "__jmp_buf", file: !26, line: 31, baseType: !27)
!26 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/bits/setjmp.h", directory: "", checksumkind: CSK_MD5, checksum: "80e7796efafaf357b5e64731e4f6ac30")
!27 = !DICompositeType(tag: DW_TAG_array_type, baseType: !28, size: 512, elements: !29)
!28 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!29 = !{!30}
!30 = !DISubrange(count: 8)
!31 = !DIDerivedType(tag: DW_TAG_member, name: "__mask_was_saved", scope: !21, file: !22, line: 33, baseType: !32, size: 32, offset: 512)
!32 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!33 = !DIDerivedType(tag: DW_TAG_member, name: "__saved_mask", scope: !21, file: !22, line: 34, baseType: !34, size: 1024, offset: 576)
!34 = !DIDerivedType(tag: DW_TAG_typedef, name: "__sigset_t", file: !35, line: 8, baseType: !36)
!35 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/bits/types/__sigset_t.h", directory: "", checksumkind: CSK_MD5, checksum: "acc6b14c0967857fec362a8d433e1cf2")
!36 = distinct !DICompositeType(tag: DW_TAG_structure_type, file: !35, line: 5, size: 1024, elements: !37)
!37 = !{!38}
!38 = !DIDerivedType(tag: DW_TAG_member, name: "__val", scope: !36, file: !35, line: 7, baseType: !39, size: 1024)
!39 = !DICompositeType(tag: DW_TAG_array_type, baseType: !40, size: 1024, elements: !41)
!40 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!41 = !{!42}
!42 = !DISubrange(count: 16)
!43 = !{!44}
!44 = !DISubrange(count: 1)
!45 = !DIDerivedType(tag: DW_TAG_atomic_type, baseType: !32)
!46 = !{i32 7, !"Dwarf Version", i32 5}
!47 = !{i32 2, !"Debug Info Version", i32 3}
!48 = !{i32 1, !"wchar_size", i32 4}
!49 = !{i32 8, !"PIC Level", i32 2}
!50 = !{i32 7, !"PIE Level", i32 2}
!51 = !{i32 7, !"uwtable", i32 2}
!52 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!53 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!54 = distinct !DISubprogram(name: "sumv", scope: !3, file: !3, line: 5, type: !55, scopeLine: 5, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !58)
!55 = !DISubroutineType(types: !56)
!56 = !{!32, !57, !32}
!57 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !32, size: 64)
!58 = !{!59, !60, !61, !62}
!59 = !DILocalVariable(name: "a", arg: 1, scope: !54, file: !3, line: 5, type: !57)
!60 = !DILocalVariable(name: "n", arg: 2, scope: !54, file: !3, line: 5, type: !32)
!61 = !DILocalVariable(name: "s", scope: !54, file: !3, line: 5, type: !32)
!62 = !DILocalVariable(name: "i", scope: !63, file: !3, line: 5, type: !32)
!63 = distinct !DILexicalBlock(scope: !54, file: !3, line: 5, column: 38)
!64 = !DILocation(line: 0, scope: !54)
!65 = !DILocation(line: 0, scope: !63)
!66 = !DILocation(line: 5, column: 56, scope: !67)
!67 = distinct !DILexicalBlock(scope: !63, file: !3, line: 5, column: 38)
!68 = !DILocation(line: 5, column: 38, scope: !63)
!69 = !DILocation(line: 5, column: 62, scope: !67)
!70 = !DILocation(line: 5, column: 71, scope: !67)
!71 = !{!72, !72, i64 0}
!72 = !{!"int", !73, i64 0}
!73 = !{!"omnipotent char", !74, i64 0}
!74 = !{!"Simple C/C++ TBAA"}
!75 = !DILocation(line: 5, column: 68, scope: !67)
!76 = distinct !{!76, !68, !77, !78, !79, !80}
!77 = !DILocation(line: 5, column: 74, scope: !63)
!78 = !{!"llvm.loop.mustprogress"}
!79 = !{!"llvm.loop.isvectorized", i32 1}
!80 = !{!"llvm.loop.unroll.runtime.disable"}
!81 = !DILocation(line: 5, scope: !54)
!82 = !DILocation(line: 5, column: 77, scope: !54)
!83 = distinct !{!83, !68, !77, !78, !80, !79}
!84 = distinct !DISubprogram(name: "scale", scope: !3, file: !3, line: 6, type: !85, scopeLine: 6, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !89)
!85 = !DISubroutineType(types: !86)
!86 = !{null, !87, !88, !32}
!87 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !88, size: 64)
!88 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!89 = !{!90, !91, !92, !93}
!90 = !DILocalVariable(name: "a", arg: 1, scope: !84, file: !3, line: 6, type: !87)
!91 = !DILocalVariable(name: "k", arg: 2, scope: !84, file: !3, line: 6, type: !88)
!92 = !DILocalVariable(name: "n", arg: 3, scope: !84, file: !3, line: 6, type: !32)
!93 = !DILocalVariable(name: "i", scope: !94, file: !3, line: 6, type: !32)
!94 = distinct !DILexicalBlock(scope: !84, file: !3, line: 6, column: 40)
!95 = !DILocation(line: 0, scope: !84)
!96 = !DILocation(line: 0, scope: !94)
!97 = !DILocation(line: 6, column: 58, scope: !98)
!98 = distinct !DILexicalBlock(scope: !94, file: !3, line: 6, column: 40)
!99 = !DILocation(line: 6, column: 40, scope: !94)
!100 = !DILocation(line: 6, column: 64, scope: !98)
!101 = !DILocation(line: 6, column: 68, scope: !98)
!102 = !DILocation(line: 6, column: 73, scope: !98)
!103 = !{!104, !104, i64 0}
!104 = !{!"float", !73, i64 0}
!105 = distinct !{!105, !99, !106, !78, !79, !80}
!106 = !DILocation(line: 6, column: 76, scope: !94)
!107 = !DILocation(line: 6, column: 79, scope: !84)
!108 = distinct !{!108, !99, !106, !78, !80, !79}
!109 = distinct !DISubprogram(name: "pc", scope: !3, file: !3, line: 7, type: !110, scopeLine: 7, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !116)
!110 = !DISubroutineType(types: !111)
!111 = !{!112, !112}
!112 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint64_t", file: !113, line: 27, baseType: !114)
!113 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/bits/stdint-uintn.h", directory: "", checksumkind: CSK_MD5, checksum: "2bf2ae53c58c01b1a1b9383b5195125c")
!114 = !DIDerivedType(tag: DW_TAG_typedef, name: "__uint64_t", file: !115, line: 45, baseType: !40)
!115 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/bits/types.h", directory: "", checksumkind: CSK_MD5, checksum: "d108b5f93a74c50510d7d9bc0ab36df9")
!116 = !{!117}
!117 = !DILocalVariable(name: "x", arg: 1, scope: !109, file: !3, line: 7, type: !112)
!118 = !DILocation(line: 0, scope: !109)
!119 = !DILocation(line: 7, column: 34, scope: !109)
!120 = !DILocation(line: 7, column: 77, scope: !109)
!121 = !DILocation(line: 7, column: 60, scope: !109)
!122 = !DILocation(line: 7, column: 83, scope: !109)
!123 = !DILocation(line: 7, column: 58, scope: !109)
!124 = !DILocation(line: 7, column: 81, scope: !109)
!125 = !DILocation(line: 7, column: 27, scope: !109)
!126 = distinct !DISubprogram(name: "ov", scope: !3, file: !3, line: 8, type: !127, scopeLine: 8, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !129)
!127 = !DISubroutineType(types: !128)
!128 = !{!32, !32, !32}
!129 = !{!130, !131, !132}
!130 = !DILocalVariable(name: "a", arg: 1, scope: !126, file: !3, line: 8, type: !32)
!131 = !DILocalVariable(name: "b", arg: 2, scope: !126, file: !3, line: 8, type: !32)
!132 = !DILocalVariable(name: "r", scope: !126, file: !3, line: 8, type: !32)
!133 = !DILocation(line: 0, scope: !126)
!134 = !DILocation(line: 8, column: 35, scope: !135)
!135 = distinct !DILexicalBlock(scope: !126, file: !3, line: 8, column: 35)
!136 = !DILocation(line: 8, column: 35, scope: !126)
!137 = !DILocation(line: 8, column: 88, scope: !126)
!138 = distinct !DISubprogram(name: "inc", scope: !3, file: !3, line: 9, type: !139, scopeLine: 9, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2)
!139 = !DISubroutineType(types: !140)
!140 = !{!32}
!141 = !DILocation(line: 9, column: 41, scope: !138)
!142 = !DILocation(line: 9, column: 69, scope: !138)
!143 = !DILocation(line: 9, column: 67, scope: !138)
!144 = !DILocation(line: 9, column: 34, scope: !138)
!145 = distinct !DISubprogram(name: "cas", scope: !3, file: !3, line: 10, type: !146, scopeLine: 10, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !149)
!146 = !DISubroutineType(types: !147)
!147 = !{!32, !148}
!148 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !45, size: 64)
!149 = !{!150, !151}
!150 = !DILocalVariable(name: "p", arg: 1, scope: !145, file: !3, line: 10, type: !148)
!151 = !DILocalVariable(name: "e", scope: !145, file: !3, line: 10, type: !32)
!152 = !DILocation(line: 0, scope: !145)
!153 = !DILocation(line: 10, column: 45, scope: !145)
!154 = !DILocation(line: 10, column: 38, scope: !145)
!155 = distinct !DISubprogram(name: "ld", scope: !3, file: !3, line: 11, type: !156, scopeLine: 11, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !159)
!156 = !DISubroutineType(types: !157)
!157 = !{!158, !158}
!158 = !DIBasicType(name: "long double", size: 128, encoding: DW_ATE_float)
!159 = !{!160}
!160 = !DILocalVariable(name: "x", arg: 1, scope: !155, file: !3, line: 11, type: !158)
!161 = !DILocation(line: 0, scope: !155)
!162 = !DILocation(line: 11, column: 42, scope: !155)
!163 = !DILocation(line: 11, column: 33, scope: !155)
!164 = distinct !DISubprogram(name: "big", scope: !3, file: !3, line: 12, type: !165, scopeLine: 12, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !168)
!165 = !DISubroutineType(types: !166)
!166 = !{!167, !167}
!167 = !DIBasicType(name: "__int128", size: 128, encoding: DW_ATE_signed)
!168 = !{!169}
!169 = !DILocalVariable(name: "a", arg: 1, scope: !164, file: !3, line: 12, type: !167)
!170 = !DILocation(line: 0, scope: !164)
!171 = !DILocation(line: 12, column: 37, scope: !164)
!172 = !DILocation(line: 12, column: 28, scope: !164)
!173 = distinct !DISubprogram(name: "mx", scope: !3, file: !3, line: 13, type: !127, scopeLine: 13, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !174)
!174 = !{!175, !176}
!175 = !DILocalVariable(name: "a", arg: 1, scope: !173, file: !3, line: 13, type: !32)
!176 = !DILocalVariable(name: "b", arg: 2, scope: !173, file: !3, line: 13, type: !32)
!177 = !DILocation(line: 0, scope: !173)
!178 = !DILocation(line: 13, column: 31, scope: !173)
!179 = !DILocation(line: 13, column: 24, scope: !173)
!180 = distinct !DISubprogram(name: "minb", scope: !3, file: !3, line: 14, type: !181, scopeLine: 14, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !185)
!181 = !DISubroutineType(types: !182)
!182 = !{!183, !184, !32}
!183 = !DIBasicType(name: "unsigned char", size: 8, encoding: DW_ATE_unsigned_char)
!184 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !183, size: 64)
!185 = !{!186, !187, !188, !189}
!186 = !DILocalVariable(name: "a", arg: 1, scope: !180, file: !3, line: 14, type: !184)
!187 = !DILocalVariable(name: "n", arg: 2, scope: !180, file: !3, line: 14, type: !32)
!188 = !DILocalVariable(name: "m", scope: !180, file: !3, line: 14, type: !183)
!189 = !DILocalVariable(name: "i", scope: !190, file: !3, line: 14, type: !32)
!190 = distinct !DILexicalBlock(scope: !180, file: !3, line: 14, column: 67)
!191 = !DILocation(line: 0, scope: !180)
!192 = !DILocation(line: 0, scope: !190)
!193 = !DILocation(line: 14, column: 80, scope: !194)
!194 = distinct !DILexicalBlock(scope: !190, file: !3, line: 14, column: 67)
!195 = !DILocation(line: 14, column: 67, scope: !190)
!196 = !DILocation(line: 14, column: 84, scope: !194)
!197 = !DILocation(line: 14, column: 91, scope: !198)
!198 = distinct !DILexicalBlock(scope: !194, file: !3, line: 14, column: 91)
!199 = !{!73, !73, i64 0}
!200 = !DILocation(line: 14, column: 91, scope: !194)
!201 = distinct !{!201, !195, !202, !78, !79, !80}
!202 = !DILocation(line: 14, column: 104, scope: !190)
!203 = distinct !{!203, !195, !202, !78, !79, !80}
!204 = !DILocation(line: 14, scope: !180)
!205 = !DILocation(line: 14, column: 107, scope: !180)
!206 = distinct !{!206, !195, !202, !78, !80, !79}
!207 = distinct !DISubprogram(name: "vla", scope: !3, file: !3, line: 15, type: !208, scopeLine: 15, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !210)
!208 = !DISubroutineType(types: !209)
!209 = !{!32, !32}
!210 = !{!211, !212, !213, !217}
!211 = !DILocalVariable(name: "n", arg: 1, scope: !207, file: !3, line: 15, type: !32)
!212 = !DILocalVariable(name: "__vla_expr0", scope: !207, type: !40, flags: DIFlagArtificial)
!213 = !DILocalVariable(name: "a", scope: !207, file: !3, line: 15, type: !214)
!214 = !DICompositeType(tag: DW_TAG_array_type, baseType: !32, elements: !215)
!215 = !{!216}
!216 = !DISubrange(count: !212)
!217 = !DILocalVariable(name: "i", scope: !218, file: !3, line: 15, type: !32)
!218 = distinct !DILexicalBlock(scope: !207, file: !3, line: 15, column: 28)
!219 = !DILocation(line: 0, scope: !207)
!220 = !DILocation(line: 15, column: 18, scope: !207)
!221 = !DILocation(line: 15, column: 22, scope: !207)
!222 = !DILocation(line: 0, scope: !218)
!223 = !DILocation(line: 15, column: 42, scope: !224)
!224 = distinct !DILexicalBlock(scope: !218, file: !3, line: 15, column: 28)
!225 = !DILocation(line: 15, column: 28, scope: !218)
!226 = !DILocation(line: 15, column: 46, scope: !224)
!227 = !DILocation(line: 15, column: 54, scope: !224)
!228 = !DILocation(line: 15, column: 50, scope: !224)
!229 = distinct !{!229, !225, !230, !78, !79, !80}
!230 = !DILocation(line: 15, column: 55, scope: !218)
!231 = !DILocation(line: 15, column: 65, scope: !207)
!232 = !DILocation(line: 15, column: 73, scope: !207)
!233 = distinct !{!233, !225, !230, !78, !80, !79}
!234 = distinct !DISubprogram(name: "fence", scope: !3, file: !3, line: 16, type: !235, scopeLine: 16, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2)
!235 = !DISubroutineType(types: !236)
!236 = !{null}
!237 = !DILocation(line: 16, column: 19, scope: !234)
!238 = !DILocation(line: 16, column: 62, scope: !234)
!239 = distinct !DISubprogram(name: "chk", scope: !3, file: !3, line: 18, type: !208, scopeLine: 18, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !240)
!240 = !{!241}
!241 = !DILocalVariable(name: "x", arg: 1, scope: !239, file: !3, line: 18, type: !32)
!242 = !DILocation(line: 0, scope: !239)
!243 = !DILocation(line: 18, column: 21, scope: !244)
!244 = distinct !DILexicalBlock(scope: !239, file: !3, line: 18, column: 21)
!245 = !DILocation(line: 18, column: 21, scope: !239)
!246 = !DILocation(line: 18, column: 24, scope: !244)
!247 = !DILocation(line: 18, column: 31, scope: !239)
!248 = !DISubprogram(name: "die", scope: !3, file: !3, line: 17, type: !235, flags: DIFlagPrototyped | DIFlagNoReturn, spFlags: DISPFlagOptimized)
!249 = distinct !DISubprogram(name: "sj", scope: !3, file: !3, line: 19, type: !139, scopeLine: 19, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2)
!250 = !DILocation(line: 19, column: 31, scope: !251)
!251 = distinct !DILexicalBlock(scope: !249, file: !3, line: 19, column: 31)
!252 = !DILocation(line: 19, scope: !249)
!253 = !DILocation(line: 19, column: 63, scope: !249)
!254 = !DISubprogram(name: "_setjmp", scope: !19, file: !19, line: 45, type: !255, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!255 = !DISubroutineType(types: !256)
!256 = !{!32, !257}
!257 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !21, size: 64)
!258 = distinct !DISubprogram(name: "asmf", scope: !3, file: !3, line: 20, type: !208, scopeLine: 20, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !259)
!259 = !{!260, !261}
!260 = !DILocalVariable(name: "x", arg: 1, scope: !258, file: !3, line: 20, type: !32)
!261 = !DILocalVariable(name: "y", scope: !258, file: !3, line: 20, type: !32)
!262 = !DILocation(line: 0, scope: !258)
!263 = !DILocation(line: 20, column: 25, scope: !258)
!264 = !{i64 1284}
!265 = !DILocation(line: 20, column: 77, scope: !258)
