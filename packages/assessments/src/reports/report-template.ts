// Report texts are plain strings with named gaps, `{score}` or `{label}`. Filling one never builds
// markup: whatever is put in (the person's name included) stays a string for the renderer to draw.

const gap = /\{([a-z_]+)\}/g;

/** The names of the gaps in a template, in order of appearance (repeats included). */
export function templateGaps(template: string): string[] {
  return [...template.matchAll(gap)].map((match) => match[1] ?? '');
}

/**
 * The template with every `{name}` replaced by its value. A gap without a value is a programming
 * error (the loader checks that every template uses only the gaps its field offers), so it throws.
 */
export function fillTemplate(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(gap, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Report template gap {${name}} has no value in "${template}"`);
    return String(value);
  });
}
