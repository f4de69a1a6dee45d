/**
 * A repeatable stream of numbers in [0, 1) from `seed` (a linear congruential generator): randomised tests
 * and benches that replay exactly the same data on every run.
 */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}
