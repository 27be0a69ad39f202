export {
  renderWithProviders,
  type RenderWithProvidersOptions,
  type RenderWithProvidersResult,
} from './render';
export { stubPdfDocuments, type PdfStub } from './pdf';
export { PHONE_WIDTH, mediaQueryList, setWindowSize } from './window-size';
