//! The URL API setters. STUB
