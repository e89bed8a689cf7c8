#!/bin/bash
R=$(dirname "$0")/run-180s.sh
$R /work/wt/fin 4cd0d1f-f 180 seq
echo finished
