#!/bin/bash
# The proof that a refactor changed no behaviour and no speed (docs/PERFORMANCE.md,
# "Behaviour unchanged"). Build both versions' examples first, each in its own checkout:
#   cargo build --release -p nshex_bench --example rows --example proof_games
# then run this on each target directory and compare the two outputs:
#   tools/behaviour_proof.sh target/release/examples > after.txt
# It prints the seeded proof games' total hash (proof_games 3: every ordered pairing of the
# armies on the standard and Duel boards, the options, every multi-seat mode, among random,
# greedy and hard-v1), and per benchmark row its check value for N and 2N operations and
# the instructions per operation (callgrind, the difference of the two runs over N).
set -euo pipefail
BIN=$1
echo "proof_games: $("$BIN/proof_games" 3 | tail -1)"
declare -A N=([battle]=1024 [battle_duel]=512 [battle_ddm]=256 [random_game]=16
  [random_game_duel]=4 [random_game_4p]=4 [random_game_reinforcements]=8
  [random_game_mad_bomber]=8 [legal_apply]=2000 [mcts_iteration_easy]=1000
  [mcts_iteration_medium]=1000 [mcts_iteration]=1000)
count() { # instructions and the check value of `rows ROW N` under callgrind
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BIN/rows" "$1" "$2" 2>&1 |
    awk '/Collected :/ {ir=$4} /check/ {match($0, /check [0-9]+/); c=substr($0, RSTART+6, RLENGTH-6)} END {print ir, c}'
}
for row in battle battle_duel battle_ddm random_game random_game_duel random_game_4p \
  random_game_reinforcements random_game_mad_bomber legal_apply mcts_iteration_easy \
  mcts_iteration_medium mcts_iteration; do
  n=${N[$row]}
  read -r ir1 c1 < <(count "$row" "$n")
  read -r ir2 c2 < <(count "$row" $((2 * n)))
  echo "$row n=$n check $c1 / $c2 instructions_per_op=$(((ir2 - ir1) / n))"
done
