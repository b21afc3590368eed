// The page's settings (colour scheme and shades, hint mode, speed, speech, metric), kept in
// localStorage, and how they look (CSS variables, the settings form).

const $ = (id) => document.getElementById(id);
const SETTINGS = 'cubehint-settings';

// Colours are numbered 0..5: white, red, green, yellow, orange, blue. A scheme says which colour
// each face (U R F D L B) has when the cube is solved.
export const COLOR_NAMES = ['white', 'red', 'green', 'yellow', 'orange', 'blue'];
export const COLOR_KEYS = 'wrgyob';
const DEFAULT_CSS = ['#ffffff', '#d0021b', '#009b48', '#ffd500', '#ff6c00', '#0046ad'];
export const SCHEMES = {
  standard: [0, 1, 2, 3, 4, 5],
  yellow: [3, 2, 1, 0, 5, 4],
  custom: [0, 1, 2, 3, 4, 5],
};
export const settings = {
  scheme: 'standard',
  css: [...DEFAULT_CSS],
  letters: false,
  forced: true,
  metric: 'htm',
  speed: 400,
  speak: false,
  mode: 'full',
  easy: false,
  ...safeJson(localStorage.getItem(SETTINGS)),
};
export const faceColor = () => SCHEMES[settings.scheme] ?? SCHEMES.standard;


export function safeJson(text) {
  try {
    return JSON.parse(text) ?? {};
  } catch {
    return {};
  }
}

export function saveSettings() {
  try {
    localStorage.setItem(SETTINGS, JSON.stringify(settings));
  } catch {
    /* not kept, but still applied */
  }
}

export function applyLook() {
  const root = document.documentElement.style;
  settings.css.forEach((css, c) => root.setProperty(`--color-${c}`, css));
  root.setProperty('--turn-ms', `${turnMs()}ms`);
  document.body.classList.toggle('show-letters', settings.letters);
  $('scheme').value = settings.scheme;
  $('letters').checked = settings.letters;
  $('forced').checked = settings.forced;
  $('easy').checked = settings.easy;
  $('metric').value = settings.metric;
  $('speed').value = String(settings.speed);
  $('speak').checked = settings.speak;
  for (const r of document.querySelectorAll('input[name="mode"]')) r.checked = r.value === settings.mode;
  const custom = $('custom-colors');
  custom.hidden = settings.scheme !== 'custom';
  if (!custom.children.length) {
    COLOR_NAMES.forEach((name, c) => {
      const label = document.createElement('label');
      label.className = 'color-pick';
      const input = document.createElement('input');
      input.type = 'color';
      input.value = settings.css[c];
      input.addEventListener('input', () => {
        settings.css[c] = input.value;
        saveSettings();
        applyLook();
      });
      label.append(input, ` ${name}`);
      custom.append(label);
    });
  }
}

// How long a turn's animation lasts: the speed setting, or none when motion is reduced.
export function turnMs() {
  const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduce || settings.speed >= 1000 ? 0 : 1000 - settings.speed;
}

