#!/bin/bash
R=$(dirname "$0")/run-180s.sh
$R /work/wt/cur b605a8e-e 180 seq
EXTRA="--hibernate-above 0" $R /work/wt/cur b605a8e-e-h0 180 tr
echo finished
