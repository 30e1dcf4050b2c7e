// A link that also picks an option of a form: a course card's 'Register' checks that course in the
// registration form it leads to (src/pages/training.astro), so the visitor does not choose it twice.
// The form's inputs are uncontrolled, so this works before and after its island hydrates; a click
// on the radio, not a set property, so the form sees the change (and clears an error on it).

export function initChooseOnClick(root: Document = document): void {
  root.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('[data-choose]') : null;
    const option = link ? root.getElementById(link.getAttribute('data-choose') ?? '') : null;
    if (option instanceof HTMLInputElement && !option.disabled && !option.checked) option.click();
  });
}
