//! PDF documents with printpdf: pairing lists, standings, crosstables, scoresheets, result slips.
