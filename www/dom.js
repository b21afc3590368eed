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

