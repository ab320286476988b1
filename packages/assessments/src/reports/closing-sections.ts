import type { ReportSection } from '@app/contract/reports';
import type { GeneralTexts } from './interpretation-schema.ts';
import { paragraph, section, unique } from './report-blocks.ts';

const maxStrengths = 8;
const maxBlindSpots = 6;
const maxSteps = 4;

/** 'Strengths', 'Blind spots' and the 'Development plan' that close every report. */
export function closingSections(general: GeneralTexts, content: { strengths: string[]; risks: string[]; steps: string[] }): ReportSection[] {
  const titles = general.section_titles;
  const steps = [general.development_plan.first_step, ...unique(content.steps).slice(0, maxSteps), ...general.development_plan.closing_steps];
  return [
    section('strengths', titles.strengths, [
      paragraph(general.strengths.intro),
      { kind: 'list', style: 'strengths', title: general.strengths.list_title, items: unique(content.strengths).slice(0, maxStrengths) },
    ]),
    section('blind-spots', titles.blind_spots, [
      paragraph(general.blind_spots.intro),
      { kind: 'list', style: 'risks', title: general.blind_spots.list_title, items: unique(content.risks).slice(0, maxBlindSpots) },
    ]),
    section('development-plan', titles.development_plan, [
      paragraph(general.development_plan.intro),
      { kind: 'list', style: 'steps', title: general.development_plan.list_title, items: steps },
    ]),
  ];
}

/** Takes one from each list in turn (first of each, then second of each...), so no part crowds out the others. */
export function interleave<T>(lists: readonly (readonly T[])[]): T[] {
  const longest = Math.max(0, ...lists.map((list) => list.length));
  const merged: T[] = [];
  for (let index = 0; index < longest; index += 1) {
    for (const list of lists) {
      const entry = list[index];
      if (entry !== undefined) merged.push(entry);
    }
  }
  return merged;
}
