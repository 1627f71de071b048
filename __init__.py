"""studbook: import, audit and chart Seven Card Stud, Stud Hi/Lo and Razz hand histories."""

__version__ = "0.1.0"
