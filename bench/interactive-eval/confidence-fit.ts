/**
 * The calibrated decline's fitting, shared by train-confidence.ts (the model file) and confidence-cv.ts (its
 * cross-validation): a logistic regression on standardised features (L2, Newton's method:
 * deterministic, no dependency), and the threshold rule.
 */
const L2 = 0.01;
const STEPS = 25;
/** The gate declines where its declines hold at least this many wrong answers for each right one. */
export const RATIO = 2;

export interface Fitted {
  mean: number[];
  sd: number[];
  weights: number[];
  bias: number;
  /** Log-odds that the answer with these (raw) feature values is right. */
  score: (x: readonly number[]) => number;
}

export function fitLogistic(rows: readonly number[][], labels: readonly number[]): Fitted {
  const n = rows[0]?.length ?? 0;
  const mean = [...Array(n).keys()].map((i) => rows.reduce((s, x) => s + x[i]!, 0) / rows.length);
  const sd = [...Array(n).keys()].map((i) => {
    const v = rows.reduce((s, x) => s + (x[i]! - mean[i]!) ** 2, 0) / rows.length;
    return v > 1e-12 ? Math.sqrt(v) : 1;
  });
  // Standardised features with a constant 1 last (the bias, not penalised).
  const z = rows.map((x) => [...x.map((xi, i) => (xi - mean[i]!) / sd[i]!), 1]);
  const m = n + 1;
  let beta = new Array<number>(m).fill(0);
  // Newton's method (iteratively reweighted least squares) on the mean log-loss + L2/2 · |w|²: the same
  // optimum plain gradient descent approaches, reached in a few exact steps.
  for (let step = 0; step < STEPS; step++) {
    const hessian = [...Array(m)].map(() => new Array<number>(m).fill(0));
    const gradient = new Array<number>(m).fill(0);
    z.forEach((x, k) => {
      const p = 1 / (1 + Math.exp(-x.reduce((s, xi, i) => s + xi * beta[i]!, 0)));
      const error = p - labels[k]!;
      const w = p * (1 - p);
      for (let i = 0; i < m; i++) {
        gradient[i]! += (error * x[i]!) / z.length;
        for (let j = 0; j <= i; j++) hessian[i]![j]! += (w * x[i]! * x[j]!) / z.length;
      }
    });
    for (let i = 0; i < m; i++) {
      for (let j = 0; j < i; j++) hessian[j]![i] = hessian[i]![j]!;
      if (i < n) {
        gradient[i]! += L2 * beta[i]!;
        hessian[i]![i]! += L2;
      }
    }
    const delta = solve(hessian, gradient);
    beta = beta.map((b, i) => b - delta[i]!);
    if (Math.max(...delta.map(Math.abs)) < 1e-10) break;
  }
  const weights = beta.slice(0, n);
  const bias = beta[n]!;
  const score = (x: readonly number[]) => x.reduce((s, xi, i) => s + ((xi - mean[i]!) / sd[i]!) * weights[i]!, bias);
  return { mean, sd, weights, bias, score };
}

/** Solves A·x = b by Gaussian elimination with partial pivoting (A small and positive definite here). */
function solve(a: number[][], b: number[]): number[] {
  const m = b.length;
  const rows = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < m; c++) {
    let pivot = c;
    for (let r = c + 1; r < m; r++) if (Math.abs(rows[r]![c]!) > Math.abs(rows[pivot]![c]!)) pivot = r;
    [rows[c], rows[pivot]] = [rows[pivot]!, rows[c]!];
    for (let r = c + 1; r < m; r++) {
      const f = rows[r]![c]! / rows[c]![c]!;
      for (let k = c; k <= m; k++) rows[r]![k]! -= f * rows[c]![k]!;
    }
  }
  const x = new Array<number>(m).fill(0);
  for (let r = m - 1; r >= 0; r--) {
    let s = rows[r]![m]!;
    for (let k = r + 1; k < m; k++) s -= rows[r]![k]! * x[k]!;
    x[r] = s / rows[r]![r]!;
  }
  return x;
}

/** The highest threshold on a 0.1 grid at which the answers below it hold ≥ RATIO wrong per right one. */
export function thresholdFor(
  scores: readonly number[],
  labels: readonly number[],
): { threshold: number; wrong: number; right: number } {
  let found = { threshold: Number.NEGATIVE_INFINITY, wrong: 0, right: 0 };
  for (let t = -3; t <= 1.0001; t += 0.1) {
    const below = scores.map((s, k) => ({ s, right: labels[k]! })).filter((e) => e.s < t);
    const wrong = below.filter((e) => !e.right).length;
    const right = below.length - wrong;
    if (wrong > 0 && wrong >= RATIO * right) found = { threshold: Math.round(t * 10) / 10, wrong, right };
  }
  return found;
}

interface Stump {
  feature: number;
  at: number;
  left: number;
  right: number;
}

/**
 * Boosted decision stumps on the logistic loss (an experiment of confidence-cv.ts: can a non-linear model of
 * the same features tell wrong answers better?). Split points are each feature's deciles.
 */
export function fitStumps(rows: readonly number[][], labels: readonly number[], rounds = 150, rate = 0.1) {
  const n = rows[0]?.length ?? 0;
  const cuts = [...Array(n).keys()].map((i) => {
    const values = [...new Set(rows.map((x) => x[i]!))].sort((a, b) => a - b);
    if (values.length <= 12) return values.slice(1);
    return [...Array(9).keys()].map((d) => values[Math.floor(((d + 1) * values.length) / 10)]!);
  });
  const prior = labels.reduce((s, y) => s + y, 0) / labels.length;
  const base = Math.log(prior / (1 - prior));
  const f = rows.map(() => base);
  const stumps: Stump[] = [];
  for (let round = 0; round < rounds; round++) {
    const g = f.map((v, k) => labels[k]! - 1 / (1 + Math.exp(-v)));
    const h = f.map((v) => {
      const p = 1 / (1 + Math.exp(-v));
      return p * (1 - p);
    });
    let best: (Stump & { gain: number }) | undefined;
    for (let i = 0; i < n; i++)
      for (const at of cuts[i]!) {
        let gl = 0;
        let hl = 0;
        let gr = 0;
        let hr = 0;
        rows.forEach((x, k) => {
          if (x[i]! < at) {
            gl += g[k]!;
            hl += h[k]!;
          } else {
            gr += g[k]!;
            hr += h[k]!;
          }
        });
        const gain = (gl * gl) / (hl + 1) + (gr * gr) / (hr + 1);
        if (!best || gain > best.gain) best = { feature: i, at, left: gl / (hl + 1), right: gr / (hr + 1), gain };
      }
    if (!best) break;
    stumps.push(best);
    rows.forEach((x, k) => {
      f[k]! += rate * (x[best.feature]! < best.at ? best.left : best.right);
    });
  }
  return {
    score: (x: readonly number[]) =>
      stumps.reduce((s, t) => s + rate * (x[t.feature]! < t.at ? t.left : t.right), base),
  };
}
