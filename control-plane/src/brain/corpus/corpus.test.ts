/**
 * The public corpus of the offline model: instructions as testers write them over
 * realistic Android and iOS screens, about a third of them negative (target
 * absent, wrong number, near-miss text, ambiguous). Prints the score per platform
 * and apart for the cases the model was tuned on and the blind ones (corpus-case.ts `blind`),
 * and fails on any false pass, any tap or check on the wrong element, or below 95 % right on
 * a platform's tuned cases (a blind batch is a measurement: it is not tuned to pass the gate).
 * Run: npx vitest run --project unit control-plane/src/brain/corpus
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Platform, parseHierarchy, type ScreenElement } from '../hierarchy.js';
import { decideOffline } from '../offline-model.js';
import { androidCases } from './android-cases.js';
import type { CorpusCase } from './corpus-case.js';
import { eighteenthBatch } from './eighteenth-batch-cases.js';
import { eighthBatch } from './eighth-batch-cases.js';
import { eleventhBatch } from './eleventh-batch-cases.js';
import { fifteenthBatch } from './fifteenth-batch-cases.js';
import { fifthBatch } from './fifth-batch-cases.js';
import { fifthRoundDevSet } from './fifth-round-dev-set-cases.js';
import { fifthRoundSecondDevSet } from './fifth-round-second-dev-set-cases.js';
import { fiftiethBatch } from './fiftieth-batch-cases.js';
import { fiftyFifthBatch } from './fifty-fifth-batch-cases.js';
import { fiftyFirstBatch } from './fifty-first-batch-cases.js';
import { fiftyFourthBatch } from './fifty-fourth-batch-cases.js';
import { fiftySecondBatch } from './fifty-second-batch-cases.js';
import { fiftySixthBatch } from './fifty-sixth-batch-cases.js';
import { fiftyThirdBatch } from './fifty-third-batch-cases.js';
import { fortiethBatch } from './fortieth-batch-cases.js';
import { fortyEighthBatch } from './forty-eighth-batch-cases.js';
import { fortyFifthBatch } from './forty-fifth-batch-cases.js';
import { fortyFirstBatch } from './forty-first-batch-cases.js';
import { fortyFourthBatch } from './forty-fourth-batch-cases.js';
import { fortyNinthBatch } from './forty-ninth-batch-cases.js';
import { fortySecondBatch } from './forty-second-batch-cases.js';
import { fortySeventhBatch } from './forty-seventh-batch-cases.js';
import { fortySixthBatch } from './forty-sixth-batch-cases.js';
import { fortyThirdBatch } from './forty-third-batch-cases.js';
import { fourteenthBatch } from './fourteenth-batch-cases.js';
import { fourthBatch } from './fourth-batch-cases.js';
import { iosCases } from './ios-cases.js';
import { judge, type Outcome } from './judge.js';
import { nineteenthBatch } from './nineteenth-batch-cases.js';
import { ninthBatch } from './ninth-batch-cases.js';
import { secondBatch } from './second-batch-cases.js';
import { seventeenthBatch } from './seventeenth-batch-cases.js';
import { seventhBatch } from './seventh-batch-cases.js';
import { sixteenthBatch } from './sixteenth-batch-cases.js';
import { sixthBatch } from './sixth-batch-cases.js';
import { tenthBatch } from './tenth-batch-cases.js';
import { thirdBatch } from './third-batch-cases.js';
import { thirteenthBatch } from './thirteenth-batch-cases.js';
import { thirtiethBatch } from './thirtieth-batch-cases.js';
import { thirtyEighthBatch } from './thirty-eighth-batch-cases.js';
import { thirtyFifthBatch } from './thirty-fifth-batch-cases.js';
import { thirtyFirstBatch } from './thirty-first-batch-cases.js';
import { thirtyFourthBatch } from './thirty-fourth-batch-cases.js';
import { thirtyNinthBatch } from './thirty-ninth-batch-cases.js';
import { thirtySecondBatch } from './thirty-second-batch-cases.js';
import { thirtySeventhBatch } from './thirty-seventh-batch-cases.js';
import { thirtySixthBatch } from './thirty-sixth-batch-cases.js';
import { thirtyThirdBatch } from './thirty-third-batch-cases.js';
import { twelfthBatch } from './twelfth-batch-cases.js';
import { twentiethBatch } from './twentieth-batch-cases.js';
import { twentyEighthBatch } from './twenty-eighth-batch-cases.js';
import { twentyFifthBatch } from './twenty-fifth-batch-cases.js';
import { twentyFirstBatch } from './twenty-first-batch-cases.js';
import { twentyFourthBatch } from './twenty-fourth-batch-cases.js';
import { twentyFourthBatchFifthPart } from './twenty-fourth-batch-fifth-part-cases.js';
import { twentyFourthBatchFourthPart } from './twenty-fourth-batch-fourth-part-cases.js';
import { twentyFourthBatchSecondPart } from './twenty-fourth-batch-second-part-cases.js';
import { twentyFourthBatchSeventhPart } from './twenty-fourth-batch-seventh-part-cases.js';
import { twentyFourthBatchSixthPart } from './twenty-fourth-batch-sixth-part-cases.js';
import { twentyFourthBatchThirdPart } from './twenty-fourth-batch-third-part-cases.js';
import { twentyNinthBatch } from './twenty-ninth-batch-cases.js';
import { twentySecondBatch } from './twenty-second-batch-cases.js';
import { twentySeventhBatch } from './twenty-seventh-batch-cases.js';
import { twentySixthBatch } from './twenty-sixth-batch-cases.js';
import { twentyThirdBatch } from './twenty-third-batch-cases.js';

const corpus: CorpusCase[] = [
  ...androidCases,
  ...iosCases,
  ...secondBatch,
  ...thirdBatch,
  ...fourthBatch,
  ...fifthBatch,
  ...sixthBatch,
  ...seventhBatch,
  ...eighthBatch,
  ...ninthBatch,
  ...tenthBatch,
  ...eleventhBatch,
  ...twelfthBatch,
  ...thirteenthBatch,
  ...fourteenthBatch,
  ...fifteenthBatch,
  ...sixteenthBatch,
  ...seventeenthBatch,
  ...eighteenthBatch,
  ...nineteenthBatch,
  ...twentiethBatch,
  ...twentyFirstBatch,
  ...twentySecondBatch,
  ...twentyThirdBatch,
  ...twentyFourthBatch,
  ...twentyFourthBatchSecondPart,
  ...twentyFourthBatchThirdPart,
  ...twentyFourthBatchFourthPart,
  ...twentyFourthBatchFifthPart,
  ...twentyFourthBatchSixthPart,
  ...twentyFourthBatchSeventhPart,
  ...twentyFifthBatch,
  ...twentySixthBatch,
  ...twentySeventhBatch,
  ...twentyEighthBatch,
  ...twentyNinthBatch,
  ...thirtiethBatch,
  ...thirtyFirstBatch,
  ...thirtySecondBatch,
  ...thirtyThirdBatch,
  ...thirtyFourthBatch,
  ...thirtyFifthBatch,
  ...thirtySixthBatch,
  ...thirtySeventhBatch,
  ...thirtyEighthBatch,
  ...thirtyNinthBatch,
  ...fortiethBatch,
  ...fortyFirstBatch,
  ...fortySecondBatch,
  ...fortyThirdBatch,
  ...fortyFourthBatch,
  ...fortyFifthBatch,
  ...fortySixthBatch,
  ...fortySeventhBatch,
  ...fortyEighthBatch,
  ...fortyNinthBatch,
  ...fiftiethBatch,
  ...fiftyFirstBatch,
  ...fiftySecondBatch,
  ...fiftyThirdBatch,
  ...fiftyFourthBatch,
  ...fiftyFifthBatch,
  ...fiftySixthBatch,
  ...fifthRoundDevSet,
  ...fifthRoundSecondDevSet,
];

function screenXml(name: string): string {
  const own = new URL(`./screens/${name}.xml`, import.meta.url);
  return readFileSync(existsSync(own) ? own : new URL(`../fixtures/${name}.xml`, import.meta.url), 'utf8');
}

interface Result {
  c: CorpusCase;
  outcome: Outcome;
  got: string;
}

function run(c: CorpusCase): Result {
  const xml = screenXml(c.screen);
  const parsed = parseHierarchy(xml, c.platform);
  if (!parsed.ok) throw new Error(`${c.screen}: ${parsed.error}`);
  const elements: ScreenElement[] = parsed.elements;
  const decision = decideOffline({ instruction: c.instruction, platform: c.platform, hierarchyXml: xml });
  return { c, outcome: judge(c.expected, decision, elements), got: `${JSON.stringify(decision.action)} — ${decision.reasoning}` };
}

function score(label: string, results: readonly Result[]): { ratio: number; falsePasses: number } {
  const right = results.filter((r) => r.outcome === 'right').length;
  const falsePasses = results.filter((r) => r.outcome === 'falsePass').length;
  const wrongTargets = results.filter((r) => r.outcome === 'wrongTarget').length;
  const ratio = results.length === 0 ? 1 : right / results.length;
  if (results.length === 0) {
    console.log(`offline corpus (${label}): no cases`);
    return { ratio, falsePasses };
  }
  console.log(
    `offline corpus (${label}): ${results.length} cases, ${right} right (${(ratio * 100).toFixed(1)} %), ` +
      `${falsePasses} false passes, ${wrongTargets} on a wrong element`,
  );
  return { ratio, falsePasses };
}

const explain = (results: readonly Result[]) =>
  results
    .map(
      (r) =>
        `[${r.outcome}] ${r.c.platform} ${r.c.screen}: ${r.c.instruction}\n    expected ${JSON.stringify(r.c.expected)}\n    got ${r.got}`,
    )
    .join('\n');

describe('offline model corpus', () => {
  const results = corpus.map(run);

  it('is large, on both platforms, and a third negative', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(300);
    for (const platform of ['android', 'ios'] satisfies Platform[]) {
      expect(corpus.filter((c) => c.platform === platform).length).toBeGreaterThanOrEqual(120);
    }
    expect(corpus.filter((c) => c.expected.action === 'fail').length).toBeGreaterThanOrEqual(corpus.length / 3);
  });

  it('never passes what should fail, never acts on the wrong element, and is at least 95 % right on each platform (tuned)', () => {
    const overall = score('all', results);
    for (const p of ['android', 'ios'] as const)
      score(
        p,
        results.filter((r) => r.c.platform === p),
      );
    // The 95 % gate holds on the cases the model was tuned on; a blind batch is a measurement, printed apart and
    // never tuned to turn the test green. False passes and taps on a wrong element fail the test in any case.
    const perPlatform = (['android', 'ios'] as const).map((p) =>
      score(
        `${p}, tuned`,
        results.filter((r) => r.c.platform === p && !r.c.blind),
      ),
    );
    score(
      'tuned',
      results.filter((r) => !r.c.blind),
    );
    score(
      'blind',
      results.filter((r) => r.c.blind),
    );
    // The earlier blind batches, tuned on since: their figures after the fixes, apart.
    for (const [label, batch] of [
      ['sixth batch, blind until tuned on', sixthBatch],
      ['seventh batch, blind until tuned on', seventhBatch],
      ['eighth batch, blind until tuned on', eighthBatch],
      ['ninth batch, blind until tuned on', ninthBatch],
      ['tenth batch, blind until tuned on', tenthBatch],
      ['eleventh batch, blind until tuned on', eleventhBatch],
      ['twelfth batch, blind until tuned on', twelfthBatch],
      ['thirteenth batch, blind until tuned on', thirteenthBatch],
      ['fourteenth batch, blind until tuned on', fourteenthBatch],
      ['fifteenth batch, blind until tuned on', fifteenthBatch],
      ['sixteenth batch (blind)', sixteenthBatch],
      ['seventeenth batch, blind until tuned on', seventeenthBatch],
      ['eighteenth batch, blind until tuned on', eighteenthBatch],
      ['nineteenth batch, blind until tuned on', nineteenthBatch],
      ['twentieth batch, blind until tuned on', twentiethBatch],
      ['twenty-first batch, blind until tuned on', twentyFirstBatch],
      ['twenty-second batch, blind until tuned on (session 7)', twentySecondBatch],
      ['twenty-third batch, blind until tuned on (session 7)', twentyThirdBatch],
      ['twenty-fourth batch (written by the model helper), blind until tuned on', twentyFourthBatch],
      ['twenty-fourth batch, second part, blind until tuned on', twentyFourthBatchSecondPart],
      ['twenty-fourth batch, third part, blind until tuned on', twentyFourthBatchThirdPart],
      ['twenty-fourth batch, fourth part, blind until tuned on (session 7)', twentyFourthBatchFourthPart],
      ['twenty-fourth batch, fifth part (blind but for its false pass, fixed)', twentyFourthBatchFifthPart],
      ['twenty-fourth batch, sixth part (session-7 dev set), blind until tuned on', twentyFourthBatchSixthPart],
      ['twenty-fourth batch, seventh part (session-7 second dev set), blind until tuned on', twentyFourthBatchSeventhPart],
      ['twenty-fifth batch, blind until tuned on (session 8)', twentyFifthBatch],
      ['twenty-sixth batch, blind until tuned on (session 8)', twentySixthBatch],
      ["the fifth round's dev set (session 8), blind until tuned on", fifthRoundDevSet],
      ["the fifth round's second dev set (session 8; blind but for its false pass and one reading)", fifthRoundSecondDevSet],
      ['twenty-seventh batch (blind but for its false pass, fixed)', twentySeventhBatch],
      ['twenty-eighth batch (blind but for its false pass, fixed)', twentyEighthBatch],
      ['twenty-ninth batch (blind but for its false passes and wrong element, fixed)', twentyNinthBatch],
      ['thirtieth batch (blind but for its wrong element, fixed)', thirtiethBatch],
      ['thirty-first batch (blind, session 9)', thirtyFirstBatch],
      ['thirty-second batch (blind, session 9)', thirtySecondBatch],
      ['thirty-third batch (blind, session 9)', thirtyThirdBatch],
      ['thirty-fourth batch (blind, session 10)', thirtyFourthBatch],
      ['thirty-fifth batch (blind, session 10)', thirtyFifthBatch],
      ['thirty-sixth batch (blind, session 11)', thirtySixthBatch],
      ['thirty-seventh batch (blind, session 11)', thirtySeventhBatch],
      ['thirty-eighth batch (blind, session 11)', thirtyEighthBatch],
      ['thirty-ninth batch (blind, session 11)', thirtyNinthBatch],
      ['fortieth batch (blind, session 12)', fortiethBatch],
      ['forty-first batch (blind, session 12)', fortyFirstBatch],
      ['forty-second batch (blind, session 12)', fortySecondBatch],
      ['forty-third batch (blind, session 12)', fortyThirdBatch],
      ['forty-fourth batch (blind, session 12)', fortyFourthBatch],
      ['forty-fifth batch (blind, session 12)', fortyFifthBatch],
      ['forty-sixth batch (blind, session 15)', fortySixthBatch],
      ['forty-seventh batch (blind, session 16)', fortySeventhBatch],
      ['forty-eighth batch (blind, session 17)', fortyEighthBatch],
      ['forty-ninth batch (blind, session 18)', fortyNinthBatch],
      ['fiftieth batch (blind, session 18)', fiftiethBatch],
      ['fifty-first batch (blind, session 19)', fiftyFirstBatch],
      ['fifty-second batch (blind, session 19)', fiftySecondBatch],
      ['fifty-third batch (blind, session 20)', fiftyThirdBatch],
      ['fifty-fourth batch (blind, session 20)', fiftyFourthBatch],
      ['fifty-fifth batch (blind, session 20)', fiftyFifthBatch],
      ['fifty-sixth batch (blind, session 20)', fiftySixthBatch],
    ] as const)
      score(
        label,
        results.filter((r) => batch.includes(r.c)),
      );
    const wrong = results.filter((r) => r.outcome !== 'right');
    if (wrong.length > 0) console.log(`not right:\n${explain(wrong)}`);
    expect(explain(results.filter((r) => r.outcome === 'falsePass' || r.outcome === 'wrongTarget'))).toBe('');
    expect(overall.falsePasses).toBe(0);
    for (const p of perPlatform) expect(p.ratio).toBeGreaterThanOrEqual(0.95);
  });
});
