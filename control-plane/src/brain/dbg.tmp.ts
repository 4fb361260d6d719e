import { readFileSync } from 'node:fs';
import { findClaimEvidence } from './claim-evidence.js';
import { parseHierarchy } from './hierarchy.js';
import { decideOffline } from './offline-model.js';

const [screen, ...claims] = process.argv.slice(2);
const platform = screen!.startsWith('ios') ? 'ios' : 'android';
const xml = readFileSync(`src/brain/corpus/screens/${screen}.xml`, 'utf8');
const p = parseHierarchy(xml, platform);
if (p.ok)
  for (const c of claims) {
    const e = findClaimEvidence(c, p.elements);
    console.log(
      c,
      '=>',
      e ? e.reasoning : null,
      '|',
      decideOffline({ instruction: `Check that ${c}`, platform, hierarchyXml: xml }).reasoning,
    );
  }
