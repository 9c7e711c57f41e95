import { IntentClassifier, type Sample } from './classifier';
import { OUT_OF_SCOPE, SKILLS, skillById, type SkillId } from './catalog';

/** the label of requests no skill serves */
const NONE = '_none';

/** Below this probability the detected skill is not trusted: `skill: null` with suggestions. */
const CONFIDENCE_THRESHOLD = 0.3;

export interface DetectedSkill {
  id: SkillId;
  name: string;
  confidence: number;
}

interface Detection {
  /** the skill, or null when none is confident enough (or the request is unrelated) */
  skill: DetectedSkill | null;
  /** the closest skills, most likely first (also when a skill was detected: the runners-up) */
  suggestions: DetectedSkill[];
}

/** The training set: every example of every skill in every language, and the unrelated requests. */
export function trainingSamples(): Sample[] {
  const out: Sample[] = [];
  for (const s of SKILLS) for (const text of [...s.examples.en, ...s.examples.de, ...s.examples.fr]) out.push({ text, label: s.id });
  for (const text of OUT_OF_SCOPE) out.push({ text, label: NONE });
  return out;
}

const round = (p: number) => Math.round(p * 1000) / 1000;

/**
 * Intent detection: the classifier trained on the skills' examples, once per process, on first use
 * (the domain's start hook warms it).
 */
export class IntentDetector {
  private model: IntentClassifier | null = null;

  /** Trains now (idempotent); answers the time it took in milliseconds. */
  warm(): number {
    const t0 = performance.now();
    this.classifier();
    return performance.now() - t0;
  }

  detect(text: string): Detection {
    const ranked = this.classifier().predict(text);
    const skills = ranked
      .filter((r) => r.label !== NONE)
      .map((r) => ({ id: r.label as SkillId, name: skillById(r.label)!.name, confidence: round(r.probability) }));
    const top = ranked[0];
    const confident = top.label !== NONE && top.probability >= CONFIDENCE_THRESHOLD && this.classifier().knownWords(text) > 0;
    return confident ? { skill: skills[0], suggestions: skills.slice(1, 4) } : { skill: null, suggestions: skills.slice(0, 3) };
  }

  private classifier(): IntentClassifier {
    this.model ??= IntentClassifier.train(trainingSamples());
    return this.model;
  }
}
