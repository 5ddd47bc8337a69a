"""`python -m kartentisch`: start the card table."""

from kartentisch.launcher import main

raise SystemExit(main())
