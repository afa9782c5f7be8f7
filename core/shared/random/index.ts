/** Seeded randomness: `Random` (sfc32) for everything reproducible; see random.ts for the seeding rules. */
export { Random, uniform, shuffledRange, cyrb128, type Seed } from './random';
export { WeightedSampler, Zipf } from './samplers';
export { mulberry32 } from './mulberry32';
