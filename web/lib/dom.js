// Building the page without markup strings: every name, chat line or other text a server or a
// player chose goes in as a text node, so none of it can become markup.

const SVG_NS = 'http://www.w3.org/2000/svg';

// h('button', { class: 'x', onclick: f, disabled: true }, 'text', child, ...)
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

// Replaces what `node` holds.
export function put(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

// Makes an element act as a button for mouse and keyboard (Enter, Space): board cells are SVG
// shapes, which are not focusable or clickable by keyboard on their own.
export function activatable(node, label, onActivate) {
  node.setAttribute('role', 'button');
  node.setAttribute('aria-label', label);
  node.addEventListener('click', onActivate);
  node.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onActivate(event);
    }
  });
  return node;
}
