// Small helpers every part of the page uses: element by id, the status line, safe HTML.

export const $ = (id) => document.getElementById(id);

export function setStatus(html, cls = '') {
  const s = $('status');
  s.className = `status ${cls}`;
  s.innerHTML = html;
}

export const escapeHtml = (t) => t.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
export const problemList = (problems) =>
  `<ul>${problems.map((p) => `<li><code>${p.code}</code>: ${escapeHtml(p.message)}</li>`).join('')}</ul>`;

export function seconds(ms) {
  return ms < 1000 ? `${Math.round(ms)} ms` : ms < 120000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60000)} min ${Math.round((ms % 60000) / 1000)} s`;
}


// A button per face in `container`, named by its letter then `describe(face)` (the visible letter
// starts the accessible name); `key` is the data attribute that marks it, `pick` its action.
export function faceButtons(container, faces, key, describe, pick) {
  for (const face of faces) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset[key] = face;
    b.textContent = face;
    b.setAttribute('aria-label', `${face}: ${describe(face)}`);
    b.addEventListener('click', () => pick(face));
    container.append(b);
  }
}
