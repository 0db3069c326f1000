/** Small DOM helpers of the plain demo pages. */

/** The element with this id; a page without it is a bug in the page, so this throws. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`The page has no #${id}`);
  return element as T;
}

/** The value of the checked radio button of a group, if any. */
export function checkedValue(form: HTMLFormElement, name: string): string | undefined {
  return form.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value;
}

export function fillSelect(select: HTMLSelectElement, options: { value: string; label: string }[]): void {
  select.replaceChildren(...options.map(({ value, label }) => new Option(label, value)));
}
