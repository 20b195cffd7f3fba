const rules = new Map<string, Intl.PluralRules>();

function pluralRules(locale: string): Intl.PluralRules {
  let rule = rules.get(locale);
  if (!rule) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  return rule;
}

/**
 * Puts `vars` into a message: `{name}` is the value; `{name|one|other}` is the word for that
 * count, chosen by the locale's plural rules (`{n} {n|step|steps}` reads "1 step", "2 steps").
 * A name with no value is left as written, so a missing one shows instead of vanishing.
 */
export function fill(
  locale: string,
  text: string,
  vars: Record<string, string | number> | undefined,
): string {
  return text.replace(
    /\{(\w+)(?:\|([^|}]*)\|([^|}]*))?\}/g,
    (whole, name: string, one?: string, other?: string) => {
      const value = vars?.[name];
      if (value === undefined) return whole;
      if (one === undefined || other === undefined) return String(value);
      return pluralRules(locale).select(Number(value)) === "one" ? one : other;
    },
  );
}
