/** pt-BR grouping whatever the browser's language (issue 11): 24993 reads 24.993. */
const countFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** A count as the app shows every number: '24.993'. */
export function formatCount(count: number): string {
  return countFormat.format(count);
}
