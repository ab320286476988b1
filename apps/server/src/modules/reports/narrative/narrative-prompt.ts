import type { ScoreBand } from '@app/contract/assessment-results';
import { reportTitles, type ReportDocument, type ReportSection } from '@app/contract/reports';

// What the AI endpoint is told (issue 11): the report's title and, per part of it, each scale's
// name, score and band, taken from the edition's document. Nothing else leaves the server: not
// the person's name (it is in the document's cover and some paragraphs), not their answers, not
// their birth data, not the report's texts.

export interface NarrativeScore {
  scale: string;
  score: number;
  band: ScoreBand;
}

export interface NarrativeInput {
  /** The report's title, which says its type ("BIG5 personality report"). */
  report: string;
  /** One part per assessment the report covers (the complete profile has three). */
  parts: { title: string; scores: NarrativeScore[] }[];
}

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/** The scales of the document, in its order. */
export function narrativeInput(document: ReportDocument): NarrativeInput {
  const report = reportTitles[document.type];
  const parts: NarrativeInput['parts'] = [];
  for (const section of document.sections) {
    // A part of the complete profile that reads its scales without score cards (values: a ranked
    // table and a list) gives the bars of its overview chart, every scale of the part.
    const scores = scoresIn(section);
    if (scores.length === 0 && document.type === 'complete' && section.subsections.length > 0) scores.push(...chartScoresIn(section));
    if (scores.length === 0) continue;
    // A section with a score of its own is a scale's (a trait and its facets); one holding only its
    // subsections' scores is a part of the complete profile ("Personality (BIG5)", "Values", ...).
    const title = section.blocks.some((block) => block.kind === 'score') ? report : section.title;
    const last = parts.at(-1);
    if (last?.title === title) last.scores.push(...scores);
    else parts.push({ title, scores });
  }
  return { report, parts };
}

/** The bars of the section's own first bar chart (a part's overview: all its scales, highest first). */
function chartScoresIn(section: ReportSection): NarrativeScore[] {
  const chart = section.blocks.find((block) => block.kind === 'bar_chart');
  return chart?.kind === 'bar_chart' ? chart.bars.map((bar) => ({ scale: bar.label, score: Math.round(bar.score), band: bar.band })) : [];
}

function scoresIn(section: ReportSection): NarrativeScore[] {
  const own = section.blocks.flatMap((block) => (block.kind === 'score' ? [{ scale: block.label, score: Math.round(block.score), band: block.band }] : []));
  return [...own, ...section.subsections.flatMap(scoresIn)];
}

export const narrativeSystemPrompt = [
  'You write the short personal narrative that opens a personality and work-preferences report.',
  'You are given only scale names with scores from 0 to 100 and their bands (low, average or high); nothing else is known about the person.',
  'Write two or three short paragraphs, at most 200 words in all, addressed to the reader as "you": what the pattern of results suggests about how they like to work and to deal with others, one strength to build on and one thing to watch.',
  'Describe tendencies, not fixed traits. Never diagnose, never guess a name, age, gender or circumstances, and do not repeat the numbers.',
  'Plain text only: no headings, lists, Markdown or HTML. Separate paragraphs with a blank line.',
].join(' ');

/** The chat messages of one request: our instructions and the scores. */
export function narrativeMessages(input: NarrativeInput): ChatMessage[] {
  const lines = [`Report: ${input.report}`, 'Scores run from 0 to 100; each has a band: low, average or high.'];
  for (const part of input.parts) {
    lines.push('', `${part.title}:`, ...part.scores.map((score) => `- ${score.scale}: ${score.score} (${score.band})`));
  }
  return [
    { role: 'system', content: narrativeSystemPrompt },
    { role: 'user', content: lines.join('\n') },
  ];
}
