"""``python -m studbook.cli``: the ``studbook`` command without the console script."""

import sys

from .app import main

sys.exit(main())
