"""iPoker: XML sessions, one ``<game>`` element per hand; read, not written."""

from ...site import xml_site

SITE = xml_site(__name__, corpus="iPoker")
