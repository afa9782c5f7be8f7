/** The `vader-sentiment` package ships no types; the benchmark uses it as the reference implementation. */
declare module 'vader-sentiment' {
  interface PolarityScores { neg: number; neu: number; pos: number; compound: number }
  const vader: { SentimentIntensityAnalyzer: { polarity_scores(text: string): PolarityScores } };
  export default vader;
}
