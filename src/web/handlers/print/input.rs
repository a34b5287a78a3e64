//! The self-report links printed as QR codes on the pairing list: read, never made here. The
//! codes are issued when the round is paired (or by the sheet's explicit "codes" action) and
//! derived again for every print ([`BoardReport::tokens`]), so every print and language of a
//! round shows the same links; a board without codes is printed without them.
