#!/bin/bash
R=$(dirname "$0")/run-180s.sh
rm -f /tmp/sb-*-d-*.qlog
$R /work/wt/cur b605a8e-d 180 seq
$R /work/wt/base 4dd0df6-d 180 seq
EXTRA="--hibernate-above 0" $R /work/wt/cur b605a8e-d-h0 180 seq
EXTRA="--hibernate-above 0" $R /work/wt/base 4dd0df6-d-h0 180 seq
$R /work/wt/cur b605a8e-d 180 tr head wc
echo finished
