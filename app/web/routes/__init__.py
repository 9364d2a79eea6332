"""The endpoints, one router per resource. A request at a table becomes a ``Visit``
(``answers``): who asks, at which table; its answer is drawn from the visit's frame or lobby."""
