"""The score of a deal under Bridge Whist, Auction and Contract, item by item, and the rubber's
running sheet.
"""
