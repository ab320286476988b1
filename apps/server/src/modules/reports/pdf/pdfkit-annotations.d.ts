// pdfkit (>= 0.14) attaches an annotation to a structure element when given `structParent`, as a
// tagged PDF needs for links; @types/pdfkit does not list the option yet.
declare namespace PDFKit.Mixins {
  interface AnnotationOption {
    structParent?: PDFKit.PDFStructureElement;
  }
}
