export function pageTitle(screen: string): string {
  return `${screen} · Shelflink`;
}

export const titleMeta = (screen: string) => ({ meta: [{ title: pageTitle(screen) }] });
