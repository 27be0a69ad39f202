// The feature's public surface: the Extra Materials screen, and the material browser that the
// course detail page shows its course's materials with.
export { ExtraMaterials } from './components/extra-materials';
export { MaterialBrowser, type MaterialBrowserProps } from './components/material-browser';
